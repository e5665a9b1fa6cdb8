/**
 * `GET /v1/account/{address}/history` for an account with 10,000 transfers (issue 5 budget: p50 ≤ 10 ms).
 *
 *   node --import tsx bench/src/historyLatency.ts           prints the figures; exit 0 within budget, 1 over it
 *   node --import tsx bench/src/historyLatency.ts --write   also replaces its section of bench/RESULTS.md
 *
 * chain-api runs in this process with only its indexer module, on an in-memory PGlite (the default
 * deployment's database; `BENCH_DATABASE_URL` or `TEST_DATABASE_URL` runs it on a throwaway PostgreSQL
 * database instead). The index is filled with the indexer's own `writeBlock`: 100 blocks of 100
 * transactions, each moving ETH or kUSD between the account and one of 50 counterparties, 10,000 transfers
 * of the account in all (and 10,000 rows of the counterparties' own histories). Nothing reads the node to
 * answer history, so the configured chain's RPC URL points nowhere. Requests go over real HTTP with
 * keep-alive, one after the other, without `Origin` (server-to-server): the first page with `chainId`, the
 * first page across all chains, and a page 5,000 transactions deep through a cursor.
 * @module
 */
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { createConfig, silentLogger, startChainApi } from '@keyframe/chain-api'
import type { IndexedBlock } from '@keyframe/chain-api/indexer/fetchBlock'
import { idxTokens } from '@keyframe/chain-api/indexer/schema'
import { writeBlock } from '@keyframe/chain-api/indexer/writeBlock'
import { indexerModule } from '@keyframe/chain-api/modules/indexer'
import type { Db } from '@keyframe/server-kit'
import { createPostgresDatabase } from '@keyframe/server-kit/testing'
import { median, percentile } from './browser.ts'
import { writeResultsSection } from './results.ts'

export const HISTORY_BUDGET_MS = 10
const HEADING = '## Account history with 10,000 transfers (issue 5)'
const here = fileURLToPath(import.meta.url)

/** The account whose history is seeded (anvil dev account #3, lowercase). */
export const HISTORY_ACCOUNT = '0x90f79bf6eb2c4f870365e785982e1f101e93b906'
const ACCOUNT = HISTORY_ACCOUNT
const KUSD = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'
const BLOCKS = 100
const PER_BLOCK = 100

const hex = (n: number, bytes: number) => `0x${n.toString(16).padStart(bytes * 2, '0')}`
const counterparty = (i: number) => hex(0xc0ffee00 + (i % 50), 20)

/** Block `n` of the synthetic chain: 100 transactions, each one transfer to or from the account. */
function syntheticBlock(n: number, start: Date): IndexedBlock {
  const transactions: IndexedBlock['transactions'] = []
  const transfers: IndexedBlock['transfers'] = []
  for (let i = 0; i < PER_BLOCK; i++) {
    const k = n * PER_BLOCK + i
    const hash = hex(k + 1, 32)
    const outgoing = k % 2 === 0
    const native = k % 3 !== 0
    const from = outgoing ? ACCOUNT : counterparty(k)
    const to = outgoing ? counterparty(k) : ACCOUNT
    transactions.push({
      hash,
      txIndex: i,
      from,
      to: native ? to : KUSD,
      value: native ? String(1_000_000_000_000_000n + BigInt(k)) : '0',
      status: 'success',
      nonce: k,
      selector: native ? '0x' : '0xa9059cbb',
      fee: '21000000000000',
    })
    transfers.push({
      txHash: hash,
      logIndex: native ? -1 : 0,
      kind: native ? 'native' : 'erc20',
      contract: native ? '' : KUSD,
      from,
      to,
      amount: native ? String(1_000_000_000_000_000n + BigInt(k)) : String(1_000_000 + k),
    })
  }
  return {
    number: n,
    hash: hex(0xb000000 + n, 32),
    parentHash: n === 0 ? hex(0, 32) : hex(0xb000000 + n - 1, 32),
    timestamp: new Date(start.getTime() + n * 1000),
    transactions,
    transfers,
    approvals: [],
    tokens: new Map(),
  }
}

/**
 * Fills chain 31337's index with the account's 10,000 transfers (the blocks above, the newest a second
 * before now), with the indexer's own writes. Also used by the Activity tab bench (activity.ts).
 */
export async function seedHistory(db: Db): Promise<void> {
  const start = new Date(Date.now() - BLOCKS * 1000)
  await db.insert(idxTokens).values({
    chainId: 31337,
    address: KUSD,
    standard: 'erc20',
    name: 'Keyframe USD',
    symbol: 'kUSD',
    decimals: 6,
  })
  for (let n = 0; n < BLOCKS; n++)
    if (!(await writeBlock(db, 31337, syntheticBlock(n, start)))) throw new Error(`block ${n} not written`)
}

export type HistoryLatency = {
  transfers: number
  calls: number
  database: 'pglite' | 'postgres'
  firstPage: number[]
  allChains: number[]
  deepPage: number[]
  p50: number
  p90: number
  p50AllChains: number
  p50Deep: number
  load: number
  ok: boolean
}

export async function measureHistoryLatency(
  options: { calls?: number; warmup?: number } = {},
): Promise<HistoryLatency> {
  const calls = options.calls ?? 1000
  const warmup = options.warmup ?? 100
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  // createPostgresDatabase makes its throwaway database on the TEST_DATABASE_URL server.
  if (url) process.env.TEST_DATABASE_URL = url
  const created = url ? await createPostgresDatabase() : undefined
  const config = createConfig({
    chains: [
      {
        id: 31337,
        name: 'Bench',
        rpcUrl: 'http://127.0.0.1:9',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
      {
        id: 31338,
        name: 'Bench 2',
        rpcUrl: 'http://127.0.0.1:9',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
    projects: [{ id: 'bench', allowedOrigins: [] }],
    prices: { 'eip155:31337/slip44:60': 3000, [`eip155:31337/erc20:${KUSD}`]: 1 },
  })
  const api = await startChainApi({
    config,
    modules: [indexerModule],
    database: created ? { url: created.url } : { dataDir: 'memory://' },
    background: false,
    logger: silentLogger,
  })
  try {
    await seedHistory(api.ctx.db)

    const base = `${api.url}/v1/account/${ACCOUNT}/history?projectId=bench&st=bench&sv=1`
    const get = async (query: string) => {
      const response = await fetch(`${base}${query}`)
      const body = (await response.json()) as { data: unknown[]; next: string | null }
      if (response.status !== 200 || body.data.length !== 50)
        throw new Error(`history answered ${response.status}`)
      return body
    }
    // A cursor 5,000 transactions deep: follow 100 pages once.
    let cursor = ''
    for (let page = 0; page < 100; page++)
      cursor = (await get(`&chainId=eip155:31337${cursor ? `&cursor=${cursor}` : ''}`)).next!
    const deep = `&chainId=eip155:31337&cursor=${cursor}`

    const time = async (query: string) => {
      const started = performance.now()
      await get(query)
      return performance.now() - started
    }
    for (let i = 0; i < warmup; i++) {
      await get('&chainId=eip155:31337')
      await get('')
      await get(deep)
    }
    const firstPage: number[] = []
    const allChains: number[] = []
    const deepPage: number[] = []
    // Interleaved, so that a slow moment of this shared machine hits all three alike.
    for (let i = 0; i < calls; i++) {
      firstPage.push(await time('&chainId=eip155:31337'))
      allChains.push(await time(''))
      deepPage.push(await time(deep))
    }
    const p50 = median(firstPage)
    return {
      transfers: BLOCKS * PER_BLOCK,
      calls,
      database: created ? 'postgres' : 'pglite',
      firstPage,
      allChains,
      deepPage,
      p50,
      p90: percentile(firstPage, 90),
      p50AllChains: median(allChains),
      p50Deep: median(deepPage),
      load: loadavg()[0]!,
      ok: p50 <= HISTORY_BUDGET_MS && median(allChains) <= HISTORY_BUDGET_MS,
    }
  } finally {
    await api.close()
    await created?.drop()
  }
}

const ms = (n: number) => `${n.toFixed(2)} ms`

export function historyLatencyRows(r: HistoryLatency): [string, string, string, string][] {
  return [
    [
      'First page (50) with `chainId`, p50 / p90',
      `${ms(r.p50)} / ${ms(r.p90)}`,
      '≤ 10 ms',
      r.p50 <= HISTORY_BUDGET_MS ? 'ok' : 'OVER',
    ],
    [
      'First page across all chains (no `chainId`), p50',
      ms(r.p50AllChains),
      '≤ 10 ms',
      r.p50AllChains <= HISTORY_BUDGET_MS ? 'ok' : 'OVER',
    ],
    ['Page 101 (5,000 transactions deep, by cursor), p50', ms(r.p50Deep), '—', ''],
  ]
}

export function formatHistoryLatency(r: HistoryLatency): string {
  return historyLatencyRows(r)
    .map(
      ([name, value, budget, verdict]) =>
        `${name.padEnd(56)} ${value.padStart(20)}  ${budget.padEnd(8)} ${verdict}`,
    )
    .join('\n')
    .concat(`\n(${r.database}; 1-minute load average ${r.load.toFixed(1)} on ${cpus().length} cores)`)
}

export function historyLatencyMarkdown(r: HistoryLatency): string {
  return `${HEADING}

Written by \`bench/src/historyLatency.ts\` on ${new Date().toISOString().slice(0, 10)} (\`node --import tsx bench/src/historyLatency.ts --write\`).

| figure | value | budget | |
|---|---|---|---|
${historyLatencyRows(r)
  .map((row) => `| ${row.join(' | ')} |`)
  .join('\n')}

chain-api with its indexer module in the bench process, on ${r.database === 'pglite' ? 'an in-memory PGlite (the default deployment)' : 'a throwaway PostgreSQL database'}.
The index holds ${r.transfers.toLocaleString('en')} transfers of one account (100 blocks of 100 transactions, ETH and kUSD, in and
out, written with the indexer's own \`writeBlock\`). ${r.calls.toLocaleString('en')} requests of each kind over HTTP with keep-alive, one
after the other and interleaved, after warm-up; no \`Origin\` (server-to-server). A page is one SQL statement:
per chain one backward range of \`idx_account_transactions\`' primary key from the cursor (keyset on block
time, chain, block and position, never an offset), then the page's transactions, the account's transfers and
approvals in them and their tokens' metadata by key.
The 1-minute load average was ${r.load.toFixed(1)} on ${cpus().length} cores when the run ended.
`
}

if (process.argv[1] === here) {
  const result = await measureHistoryLatency()
  console.log(formatHistoryLatency(result))
  if (process.argv.includes('--write')) {
    writeResultsSection(HEADING, historyLatencyMarkdown(result))
    console.log('Wrote its section of bench/RESULTS.md')
  }
  process.exitCode = result.ok ? 0 : 1
}
