/**
 * chain-api's RPC gateway against anvil directly (issue 5 budget: p50 overhead ≤ 1 ms over 1,000 sequential
 * `eth_blockNumber` calls), and its throughput at 50 concurrent connections.
 *
 *   node --import tsx bench/src/gatewayOverhead.ts           prints the figures; exit 0 within budget, 1 over it
 *   node --import tsx bench/src/gatewayOverhead.ts --write   also replaces its section of bench/RESULTS.md
 *
 * How it runs: one anvil (devstack's `startAnvil`, chain 31337) and chain-api with only its gateway module
 * (in-memory PGlite: the rate counters are flushed there about once a second) in a CHILD process (this file
 * with `--serve`), so that the client's work and autocannon do not share the server's event loop. The
 * bench project's rate limit is far above what the machine can send.
 * - Overhead: from this process, over one keep-alive connection to each, the same JSON-RPC POST goes
 *   alternately through the gateway (`/v1/?chainId=eip155:31337&projectId=bench`) and straight to anvil,
 *   each awaited before the next, after 100 warm-up calls of each; each call is timed from sending to the
 *   last byte of the answer (`performance.now()`). Overhead = p50(gateway) − p50(direct); alternating call
 *   by call makes a slow moment of this shared machine hit both alike.
 * - Throughput: autocannon with 50 connections for 10 s against the gateway, then 10 s against anvil
 *   directly (same body), counting answers per second and their latency.
 * Environment: `BENCH_GW_CALLS` (default 1000), `BENCH_GW_SECONDS` (default 10).
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import { createRequire } from 'node:module'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { startAnvil } from '@keyframe/dev-fixtures'
import { median, percentile } from './browser.ts'
import { writeResultsSection } from './results.ts'

export const GATEWAY_OVERHEAD_BUDGET_MS = 1
export const GATEWAY_CONNECTIONS = 50
const HEADING = '## RPC gateway overhead and throughput (issue 5)'
const here = fileURLToPath(import.meta.url)
const PROJECT = 'bench'
const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })

// ---------------------------------------------------------------------------------------------------------
// autocannon has no types; the part used here.

type AutocannonResult = {
  errors: number
  timeouts: number
  non2xx: number
  '2xx': number
  latency: { p50: number; p99: number; max: number }
  requests: { average: number; total: number }
  duration: number
}
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  method: 'POST'
  headers: Record<string, string>
  body: string
}) => Promise<AutocannonResult>
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

// ---------------------------------------------------------------------------------------------------------
// The child: chain-api with the gateway only.

async function serveChild(): Promise<void> {
  const rpcUrl = process.env.BENCH_GW_ANVIL_URL
  if (!rpcUrl) throw new Error('BENCH_GW_ANVIL_URL is not set')
  const { allModules, createConfig, silentLogger, startChainApi } = await import('@keyframe/chain-api')
  const gateway = (await allModules()).filter((m) => m.name === 'gateway')
  if (gateway.length !== 1) throw new Error('chain-api has no gateway module')
  const api = await startChainApi({
    config: createConfig({
      chains: [
        { id: 31337, name: 'Bench', rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
      ],
      projects: [{ id: PROJECT, allowedOrigins: [], rpcRateLimit: { max: 1_000_000_000, windowMs: 1000 } }],
    }),
    modules: gateway,
    database: { dataDir: 'memory://' },
    logger: silentLogger,
  })
  process.send?.({ type: 'ready', url: api.url })
  process.on('message', async (message: { type: string }) => {
    if (message.type === 'cpu') {
      const usage = process.cpuUsage()
      process.send?.({ type: 'cpu', micros: usage.user + usage.system })
    } else if (message.type === 'stop') {
      await api.close()
      process.exit(0)
    }
  })
}

async function startChild(anvilUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...process.execArgv, here, '--serve'], {
    env: { ...process.env, BENCH_GW_ANVIL_URL: anvilUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`chain-api child exited (${code})`)))
    child.on('message', (message: { type: string; url: string }) => {
      if (message.type === 'ready') resolve(message.url)
    })
  })
  return { url, child }
}

/** The CPU time the child has used so far, µs (user + system). */
function childCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const listener = (message: { type: string; micros: number }) => {
      if (message.type !== 'cpu') return
      child.off('message', listener)
      resolve(message.micros)
    }
    child.on('message', listener)
    child.send({ type: 'cpu' })
  })
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.send({ type: 'stop' })
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}

// ---------------------------------------------------------------------------------------------------------
// The measurement.

/** One JSON-RPC POST over `agent`'s kept-alive connection; resolves with the ms to the answer's last byte. */
function timedPost(agent: http.Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now()
    const request = http.request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) },
    })
    request.on('error', reject)
    request.on('response', (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
      })
      response.on('end', () => {
        const elapsed = performance.now() - start
        if (response.statusCode !== 200 || !text.includes('"result"'))
          reject(new Error(`${url.host} answered ${response.statusCode} ${text.slice(0, 200)}`))
        else resolve(elapsed)
      })
    })
    request.end(BODY)
  })
}

export type ThroughputFigures = {
  perSecond: number
  total: number
  p50: number
  p99: number
  max: number
  errors: number
  non2xx: number
}

export type GatewayOverhead = {
  date: string
  calls: number
  viaGateway: number[]
  direct: number[]
  p50Gateway: number
  p50Direct: number
  p90Gateway: number
  p90Direct: number
  /** p50(gateway) − p50(direct). */
  overhead: number
  seconds: number
  throughputGateway: ThroughputFigures
  throughputDirect: ThroughputFigures
  /** chain-api's CPU time (all its threads) per gateway call under autocannon's load, µs. */
  cpuPerCall: number
  /** 1-minute load average when the measurement ended (this machine is shared). */
  load: number
  ok: boolean
}

async function throughput(url: string, seconds: number): Promise<ThroughputFigures> {
  const result = await autocannon({
    url,
    connections: GATEWAY_CONNECTIONS,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: BODY,
  })
  return {
    perSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

export async function measureGatewayOverhead(
  options: { calls?: number; warmup?: number; seconds?: number } = {},
): Promise<GatewayOverhead> {
  const calls = options.calls ?? Number(process.env.BENCH_GW_CALLS || 1000)
  const warmup = options.warmup ?? 100
  const seconds = options.seconds ?? Number(process.env.BENCH_GW_SECONDS || 10)
  const anvil = await startAnvil({ chainId: 31337 })
  let child: ChildProcess | undefined
  try {
    const started = await startChild(anvil.rpcUrl)
    child = started.child
    const gatewayUrl = new URL(`/v1/?chainId=eip155:31337&projectId=${PROJECT}`, started.url)
    const anvilUrl = new URL(anvil.rpcUrl)
    // One connection to each, kept alive, as a dApp's provider would hold it.
    const agentOptions = { keepAlive: true, maxSockets: 1 }
    const toGateway = new http.Agent(agentOptions)
    const toAnvil = new http.Agent(agentOptions)
    for (let i = 0; i < warmup; i++) {
      await timedPost(toGateway, gatewayUrl)
      await timedPost(toAnvil, anvilUrl)
    }
    const viaGateway: number[] = []
    const direct: number[] = []
    for (let i = 0; i < calls; i++) {
      viaGateway.push(await timedPost(toGateway, gatewayUrl))
      direct.push(await timedPost(toAnvil, anvilUrl))
    }
    toGateway.destroy()
    toAnvil.destroy()
    const cpuBeforeLoad = await childCpu(child)
    const throughputGateway = await throughput(gatewayUrl.href, seconds)
    const cpuLoaded = (await childCpu(child)) - cpuBeforeLoad
    const throughputDirect = await throughput(anvil.rpcUrl, seconds)
    const p50Gateway = median(viaGateway)
    const p50Direct = median(direct)
    const overhead = p50Gateway - p50Direct
    return {
      date: new Date().toISOString().slice(0, 10),
      calls,
      viaGateway,
      direct,
      p50Gateway,
      p50Direct,
      p90Gateway: percentile(viaGateway, 90),
      p90Direct: percentile(direct, 90),
      overhead,
      seconds,
      throughputGateway,
      throughputDirect,
      cpuPerCall: cpuLoaded / Math.max(1, throughputGateway.total),
      load: loadavg()[0]!,
      ok:
        overhead <= GATEWAY_OVERHEAD_BUDGET_MS &&
        throughputGateway.errors === 0 &&
        throughputGateway.non2xx === 0,
    }
  } finally {
    if (child) await stopChild(child)
    await anvil.close()
  }
}

// ---------------------------------------------------------------------------------------------------------
// Output.

const ms = (n: number) => `${n.toFixed(2)} ms`
const perSecond = (t: ThroughputFigures) => `${Math.round(t.perSecond).toLocaleString('en')}/s`

export function gatewayOverheadRows(r: GatewayOverhead): [string, string, string, string][] {
  const g = r.throughputGateway
  const d = r.throughputDirect
  return [
    [
      '`eth_blockNumber` through the gateway − direct to anvil, p50 overhead',
      ms(r.overhead),
      '≤ 1 ms',
      r.overhead <= GATEWAY_OVERHEAD_BUDGET_MS ? 'ok' : 'OVER',
    ],
    ['Through the gateway, p50 / p90', `${ms(r.p50Gateway)} / ${ms(r.p90Gateway)}`, '—', ''],
    ['Direct to anvil, p50 / p90', `${ms(r.p50Direct)} / ${ms(r.p90Direct)}`, '—', ''],
    [
      `Throughput through the gateway, ${GATEWAY_CONNECTIONS} connections (p50 / p99 latency)`,
      `${perSecond(g)} (${g.p50} / ${g.p99} ms)`,
      '—',
      g.errors === 0 && g.non2xx === 0 ? '' : `${g.errors} errors, ${g.non2xx} non-2xx`,
    ],
    [
      `Throughput direct to anvil, ${GATEWAY_CONNECTIONS} connections (p50 / p99 latency)`,
      `${perSecond(d)} (${d.p50} / ${d.p99} ms)`,
      '—',
      d.errors === 0 && d.non2xx === 0 ? '' : `${d.errors} errors, ${d.non2xx} non-2xx`,
    ],
    [
      `chain-api CPU per gateway call at ${GATEWAY_CONNECTIONS} connections`,
      `${Math.round(r.cpuPerCall)} µs`,
      '—',
      '',
    ],
  ]
}

export function formatGatewayOverhead(r: GatewayOverhead): string {
  return gatewayOverheadRows(r)
    .map(
      ([name, value, budget, verdict]) =>
        `${name.padEnd(78)} ${value.padStart(26)}  ${budget.padEnd(7)} ${verdict}`,
    )
    .join('\n')
    .concat(`\n(1-minute load average ${r.load.toFixed(1)} on ${cpus().length} cores)`)
}

export function gatewayOverheadMarkdown(r: GatewayOverhead): string {
  return `${HEADING}

Written by \`bench/src/gatewayOverhead.ts\` on ${r.date} (\`node --import tsx bench/src/gatewayOverhead.ts --write\`).

| figure | value | budget | |
|---|---|---|---|
${gatewayOverheadRows(r)
  .map((row) => `| ${row.join(' | ')} |`)
  .join('\n')}

One anvil (chain 31337) and chain-api with only its gateway module, in a child process (in-memory PGlite for
the rate counters). From the bench process, over one keep-alive connection to each, ${r.calls.toLocaleString('en')} \`eth_blockNumber\`
JSON-RPC POSTs through the gateway alternate call by call with ${r.calls.toLocaleString('en')} straight to anvil, after 100
warm-up calls of each, each awaited before the next and timed to the last byte of the answer. Through the
gateway a call is checked (project, chain, JSON-RPC shape, method allowlist, rate limit: in memory) and the
checked request, written anew (never the bytes the dApp sent), goes on over the gateway's own keep-alive
pool; the node's answer comes back unchanged.
Then autocannon, ${GATEWAY_CONNECTIONS} connections for ${r.seconds} s each, through the gateway and straight to anvil. Anvil,
chain-api and the bench share the machine's ${cpus().length} cores (1-minute load average ${r.load.toFixed(1)} at the end).
The CPU row is chain-api's own CPU time during the gateway's autocannon run (\`process.cpuUsage()\` of the
child: every thread, so JIT and GC included) divided by the calls it served: less sensitive to the machine's
load than the times, it bounds one process at about 1,000,000 / (µs per call) calls per second.
`
}

if (process.argv.includes('--serve')) {
  await serveChild()
} else if (process.argv[1] === here) {
  const result = await measureGatewayOverhead()
  console.log(formatGatewayOverhead(result))
  if (process.argv.includes('--write')) {
    writeResultsSection(HEADING, gatewayOverheadMarkdown(result))
    console.log('Wrote its section of bench/RESULTS.md')
  }
  process.exitCode = result.ok ? 0 : 1
}
