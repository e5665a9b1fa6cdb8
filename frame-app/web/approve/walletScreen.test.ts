// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest'
import type { ApprovalDetails } from './details.ts'
import { renderApprovalScreen } from './screen.ts'

const base = {
  chain: { id: 31337, name: 'Keyframe Local', nativeSymbol: 'ETH' },
  account: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  origin: 'https://dapp.example',
} as const

/** The screen's rows as [label, value] pairs, in order. */
const rows = (root: HTMLElement) =>
  [...root.querySelectorAll('dl > div')].map((row) => [
    row.querySelector('dt')?.textContent,
    row.querySelector('dd')?.textContent,
  ])

afterEach(() => {
  document.body.innerHTML = ''
})

describe('Add token', () => {
  const details: ApprovalDetails = {
    ...base,
    method: 'wallet_watchAsset',
    kind: 'watchAsset',
    token: { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'KFT', decimals: 18 },
    source: 'chain',
  }

  test('default: site, network, account, then token, contract and decimals; no image of any kind', () => {
    const { root } = renderApprovalScreen(document, details)
    expect(root.querySelector('h1')?.textContent).toBe('Add token')
    expect(rows(root)).toEqual([
      ['Site', 'https://dapp.example'],
      ['Network', 'Keyframe Local (31337)'],
      ['Account', base.account],
      ['Token', 'KFT'],
      ['Contract', '0x5FbDB2315678afecb367f032d93F642f64180aa3'],
      ['Decimals', '18'],
    ])
    expect(root.textContent).toContain('as the token contract reports them')
    expect(root.querySelector('img, picture, svg, [style]')).toBeNull()
  })

  test("behavior: a contract that did not answer is said in the warning colour: only the site's word", () => {
    const { root } = renderApprovalScreen(document, { ...details, source: 'site' })
    const warning = root.querySelector('.kfa-warn')
    expect(warning?.textContent).toBe(
      'The token contract did not answer: its symbol and decimals are only what the site says.',
    )
  })

  test('behavior: a symbol holding markup is shown as text', () => {
    const { root } = renderApprovalScreen(document, {
      ...details,
      token: { ...details.token, symbol: '<img src=x>' },
    })
    expect(root.querySelector('img')).toBeNull()
    expect(rows(root)[3]).toEqual(['Token', '<img src=x>'])
  })
})

describe('Add network', () => {
  const details: ApprovalDetails = {
    ...base,
    method: 'wallet_addEthereumChain',
    kind: 'addChain',
    added: {
      id: 1338,
      name: 'Localhost 8546',
      nativeCurrency: { name: 'TEST', symbol: 'TEST', decimals: 18 },
      rpcUrl: 'http://127.0.0.1:8546',
    },
  }

  test('default: chain id, name, currency and RPC origin; not the network the site is on now', () => {
    const { root } = renderApprovalScreen(document, details)
    expect(root.querySelector('h1')?.textContent).toBe('Add network')
    expect(rows(root)).toEqual([
      ['Site', 'https://dapp.example'],
      ['Account', base.account],
      ['Network', 'Localhost 8546'],
      ['Chain ID', '1338 (0x53a)'],
      ['Currency', 'TEST (TEST, 18 decimals)'],
      ['RPC origin', 'http://127.0.0.1:8546'],
    ])
  })

  test('parameters: an RPC URL with a path is shown whole below its origin', () => {
    const { root } = renderApprovalScreen(document, {
      ...details,
      added: { ...details.added, rpcUrl: 'https://rpc.example.org/v1/abc' },
    })
    expect(rows(root).slice(-2)).toEqual([
      ['RPC origin', 'https://rpc.example.org'],
      ['RPC URL', 'https://rpc.example.org/v1/abc'],
    ])
  })
})
