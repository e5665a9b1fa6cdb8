// @vitest-environment ./src/ui/account/activity/testing/jsdomWithServers.ts
/** @jsxImportSource preact */
// The Activity tab against a real chain-api whose index holds the account's transactions, written with the
// indexer's own writeBlock (synthetic blocks: dates months and years apart, which a fresh anvil cannot mine).
import type { IndexedBlock } from '@keyframe/chain-api/indexer/fetchBlock'
import { idxTokens } from '@keyframe/chain-api/indexer/schema'
import { writeBlock } from '@keyframe/chain-api/indexer/writeBlock'
import { indexerModule } from '@keyframe/chain-api/modules/indexer'
import { supportedModule } from '@keyframe/chain-api/modules/supported'
import { anvilChain, startTestChainApi, TEST_PROJECT, type TestChainApi } from '@keyframe/chain-api/testing'
import { render } from 'preact'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createKeyframe, type Keyframe } from '../../../core/createKeyframe.ts'
import { getToast } from '../../../core/toasts.ts'
import { ActivityTab } from './ActivityTab.tsx'
import { installDom } from './testing/domGlobals.ts'

vi.setConfig({ testTimeout: 30_000 })

const ACCOUNT = '0x90f79bf6eb2c4f870365e785982e1f101e93b906'
const OTHER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const KUSD = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'
const ROUTER = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const SPAM_NFT = '0x9fe46736679d2d9a65f0992f71272de9f3c7a6e0'
const CHAIN = 'eip155:31337'
const ETHER = 10n ** 18n

const hex = (n: number, bytes = 32) => `0x${n.toString(16).padStart(bytes * 2, '0')}`
type Move = {
  kind: 'native' | 'erc20' | 'erc721'
  contract?: string
  from: string
  to: string
  amount: bigint
}

/** One transaction per block, each block a day after its parent unless `at` says when. */
function block(n: number, at: Date, from: string, to: string, moves: Move[]): IndexedBlock {
  const hash = hex(0xa000 + n)
  return {
    number: n,
    hash: hex(0xb000 + n),
    parentHash: n === 0 ? hex(0) : hex(0xb000 + n - 1),
    timestamp: at,
    transactions: [
      { hash, txIndex: 0, from, to, value: '0', status: 'success', nonce: n, selector: '0x', fee: '0' },
    ],
    transfers: moves.map((m, i) => ({
      txHash: hash,
      logIndex: m.kind === 'native' ? -1 - i : i,
      kind: m.kind,
      contract: m.contract ?? '',
      from: m.from,
      to: m.to,
      amount: String(m.amount),
    })),
    approvals: [],
    tokens: new Map(),
  }
}

const now = new Date()
const monthName = (date: Date) => date.toLocaleString('en', { month: 'long' })
// The newest transactions are minutes old (this month); the oldest a year and more ago.
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000)
const lastYear = new Date(now.getFullYear() - 1, now.getMonth(), 15, 12)
const twoYearsAgo = new Date(now.getFullYear() - 2, now.getMonth(), 15, 12)
const OLD_RECEIVES = 60

let api: TestChainApi
let deadUrl: string
let removeDom: () => void
const instances: Keyframe[] = []

beforeAll(async () => {
  removeDom = installDom()
  api = await startTestChainApi({
    chains: [anvilChain('http://127.0.0.1:9')],
    modules: [supportedModule, indexerModule],
    config: { spamContracts: [`${CHAIN}:${SPAM_NFT}`] },
  })
  await api.ctx.db.insert(idxTokens).values([
    { chainId: 31337, address: KUSD, standard: 'erc20', name: 'Keyframe USD', symbol: 'kUSD', decimals: 6 },
    {
      chainId: 31337,
      address: SPAM_NFT,
      standard: 'erc721',
      name: 'Free Tokens',
      symbol: 'FREE',
      decimals: 0,
    },
  ])
  const blocks: IndexedBlock[] = []
  // 60 small receives two years ago: more than a page (50).
  for (let i = 0; i < OLD_RECEIVES; i++)
    blocks.push(
      block(blocks.length, new Date(twoYearsAgo.getTime() + i * 1000), OTHER, ACCOUNT, [
        { kind: 'native', from: OTHER, to: ACCOUNT, amount: ETHER / 100n },
      ]),
    )
  // Last year: a receive of 5 ETH.
  blocks.push(
    block(blocks.length, lastYear, OTHER, ACCOUNT, [
      { kind: 'native', from: OTHER, to: ACCOUNT, amount: 5n * ETHER },
    ]),
  )
  // This month: a send of 1.5 ETH, a swap of 10 kUSD for 0.0031 ETH, then a spam NFT.
  blocks.push(
    block(blocks.length, minutesAgo(3), ACCOUNT, OTHER, [
      { kind: 'native', from: ACCOUNT, to: OTHER, amount: (3n * ETHER) / 2n },
    ]),
    block(blocks.length + 1, minutesAgo(2), ACCOUNT, ROUTER, [
      { kind: 'erc20', contract: KUSD, from: ACCOUNT, to: ROUTER, amount: 10_000_000n },
      { kind: 'native', from: ROUTER, to: ACCOUNT, amount: 3_100_000_000_000_000n },
    ]),
    block(blocks.length + 2, minutesAgo(1), OTHER, SPAM_NFT, [
      { kind: 'erc721', contract: SPAM_NFT, from: OTHER, to: ACCOUNT, amount: 7n },
    ]),
  )
  for (const b of blocks)
    if (!(await writeBlock(api.ctx.db, 31337, b))) throw new Error(`block ${b.number} not written`)
  // A chain-api that is not there: a port nothing listens on.
  deadUrl = 'http://127.0.0.1:9'
}, 60_000)
afterAll(async () => {
  await api?.close()
  removeDom?.()
})
afterEach(() => {
  for (const kf of instances.splice(0)) kf.destroy()
  document.body.innerHTML = ''
})

function mount(chainApiUrl: string, address = ACCOUNT) {
  const kf = createKeyframe({
    projectId: TEST_PROJECT.id,
    frameUrl: 'http://localhost:5174/frame',
    chainApiUrl,
    announceProvider: false,
    networks: [
      { id: 31337, name: 'Keyframe Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
    ],
  })
  instances.push(kf)
  const container = document.createElement('div')
  document.body.append(container)
  render(<ActivityTab kf={kf} address={address} chainId={CHAIN} />, container)
  return { kf, container }
}

const headings = (root: Element) => [...root.querySelectorAll('h3')].map((h) => h.textContent)
const rows = (root: Element) =>
  [...root.querySelectorAll('[data-testid="kf-activity-row"]')].map((row) =>
    [...row.querySelectorAll('.kf-activity-title, .kf-activity-amount')].map((el) => el.textContent),
  )

describe('ActivityTab', () => {
  test('default: newest first in month sections, signs by type, 3 decimals; the spam NFT is hidden', async () => {
    const { container } = mount(api.url)
    await vi.waitFor(() => expect(rows(container).length).toBeGreaterThan(0))
    expect(rows(container).slice(0, 3)).toEqual([
      ['Swapped', '10.000 kUSD → 0.003 ETH'],
      ['Sent', '1.500 ETH'],
      ['Received', '+5.000 ETH'],
    ])
    expect(container.textContent).not.toContain('Free Tokens')
    // This month by its name alone; earlier years with the year.
    expect(headings(container)).toEqual([
      monthName(now),
      `${monthName(lastYear)} ${lastYear.getFullYear()}`,
      `${monthName(twoYearsAgo)} ${twoYearsAgo.getFullYear()}`,
    ])
  })

  test('behavior: the first page is 50 transactions; "Load more" appends the rest into the same month', async () => {
    const { container } = mount(api.url)
    const more = await vi.waitFor(() => {
      const button = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Load more')
      expect(button).toBeDefined()
      return button!
    })
    // 50 on the page, the spam NFT among them hidden: 49 rows.
    expect(rows(container)).toHaveLength(49)
    more.click()
    await vi.waitFor(() => expect(rows(container)).toHaveLength(3 + OLD_RECEIVES))
    expect(headings(container)).toHaveLength(3)
    expect(container.querySelector('button')).toBeNull()
    expect(rows(container).at(-1)).toEqual(['Received', '+0.010 ETH'])
  })

  test('behavior: an account with no transactions gets the empty state', async () => {
    const { container } = mount(api.url, '0x000000000000000000000000000000000000dead')
    await vi.waitFor(() => expect(container.textContent).toContain('No activity yet'))
    expect(rows(container)).toHaveLength(0)
  })

  test("error: chain-api unreachable: 'Failed to fetch transactions' and the empty state", async () => {
    const { kf, container } = mount(deadUrl)
    await vi.waitFor(() => expect(getToast(kf)?.message).toBe('Failed to fetch transactions'), {
      timeout: 10_000,
    })
    expect(getToast(kf)?.variant).toBe('error')
    expect(container.textContent).toContain('No activity yet')
    expect(container.querySelector('button')).toBeNull()
  })

  test("error: no account address: 'Failed to fetch transactions' and the empty state", async () => {
    const { kf, container } = mount(api.url, '')
    await vi.waitFor(() => expect(getToast(kf)?.message).toBe('Failed to fetch transactions'))
    expect(container.textContent).toContain('No activity yet')
  })
})
