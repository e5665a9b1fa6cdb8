/**
 * The Account view with token balances on screen after connect (issue 15 budget: ≤ 300 ms median on
 * loopback): on the demo (React page), a wallet connected through the modal, the modal closed; then the
 * click on the dApp's Account button → the Tokens tab's rows with their USD values visible on a painted
 * frame. That takes the Account view's chunk, chain-api's supported chains and the account's balances (the
 * SDK's cache is cold: a fresh browser context per run; chain-api's own 30 s cache is warm after the first).
 *
 *   node --import tsx bench/src/accountView.ts           prints the figures; exit 0 within budget, 1 over it
 *   node --import tsx bench/src/accountView.ts --write   also replaces its section of bench/RESULTS.md
 *
 * The wallet is a small EIP-6963 provider put in the page: it answers the account and the chain itself and
 * passes every other call to the dev chain's node, as an injected wallet does without prompts.
 * @module
 */
import { cpus, loadavg } from 'node:os'
import type { Stack } from '@keyframe/devstack'
import { startStack } from '@keyframe/devstack'
import type { Browser } from 'playwright-core'
import { freshContext, launch, median } from './browser.ts'
import { calibrate } from './calibrate.ts'
import { writeResultsSection } from './results.ts'

export const ACCOUNT_VIEW_BUDGET_MS = 300
const HEADING = '## Account view with token balances (issue 15)'
const here = new URL(import.meta.url).pathname

/** Anvil dev account #5: funded by the faucet for this bench, nothing else uses it. */
const ACCOUNT = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const WALLET_NAME = 'Bench Wallet'

export type AccountViewFigures = {
  median: number
  runs: number[]
  calibrationMs: number
  load: number
  ok: boolean
}

/** The page side of the bench wallet (serialised into the page: no closure over Node values). */
function installWallet({
  address,
  rpcUrl,
  chainId,
  name,
}: {
  address: string
  rpcUrl: string
  chainId: string
  name: string
}) {
  let id = 0
  const rpc = async (method: string, params: unknown) => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }),
    })
    const reply = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code })
    return reply.result
  }
  const provider = {
    request: async ({ method, params }: { method: string; params?: unknown }) => {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address]
      if (method === 'eth_chainId') return chainId
      return rpc(method, params)
    },
    on() {},
    removeListener() {},
  }
  const icon = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'
  const detail = Object.freeze({
    info: Object.freeze({ uuid: crypto.randomUUID(), name, rdns: 'dev.keyframe.bench', icon }),
    provider,
  })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}

/** One run in a fresh context: connect, then time Account → KFT's row with its USD value painted. */
async function oneRun(browser: Browser, stack: Stack): Promise<number> {
  const context = await freshContext(browser)
  try {
    const chain = stack.chains[0]!
    await context.addInitScript(installWallet, {
      address: ACCOUNT,
      rpcUrl: chain.rpcUrl,
      chainId: `0x${chain.chainId.toString(16)}`,
      name: WALLET_NAME,
    })
    const page = await context.newPage()
    await page.goto(stack.dappUrl)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await page.getByRole('dialog').getByRole('button', { name: WALLET_NAME }).click()
    await page.getByTestId('account-status').filter({ hasText: 'connected' }).waitFor()
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    await page.waitForLoadState('networkidle')
    return await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const button = [...document.querySelectorAll('button')].find(
            (b) => b.textContent?.trim() === 'Account',
          )
          if (!button) return reject(new Error('No Account button on the page'))
          const shown = () => {
            const root = document.querySelector('[data-keyframe-modal]')?.shadowRoot
            const usd = root?.querySelector('li[data-symbol="KFT"] .kf-token-usd')
            return !!usd?.textContent?.startsWith('$') && usd.getBoundingClientRect().height > 0
          }
          const start = performance.now()
          const tick = () =>
            shown()
              ? requestAnimationFrame(() => resolve(performance.now() - start))
              : performance.now() - start > 10_000
                ? reject(new Error('The Tokens tab showed no KFT row in 10 s'))
                : requestAnimationFrame(tick)
          button.click()
          requestAnimationFrame(tick)
        }),
    )
  } finally {
    await context.close()
  }
}

export async function measureAccountView(
  browser: Browser,
  stack: Stack,
  runs = 15,
): Promise<AccountViewFigures> {
  await stack.fund(ACCOUNT)
  const calibrationMs = calibrate()
  const load = loadavg()[0] ?? 0
  const times: number[] = []
  for (let i = 0; i < runs; i++) times.push(await oneRun(browser, stack))
  const m = median(times)
  return { median: m, runs: times, calibrationMs, load, ok: m <= ACCOUNT_VIEW_BUDGET_MS }
}

export function formatAccountView(r: AccountViewFigures): string {
  return [
    `Account → token balances on screen after connect, median: ${r.median.toFixed(1)} ms (budget ≤ ${ACCOUNT_VIEW_BUDGET_MS} ms, ${r.ok ? 'ok' : 'OVER'})`,
    `runs (ms): ${r.runs.map((n) => n.toFixed(1)).join(', ')}`,
    `calibration (fixed JS work on one core): ${r.calibrationMs.toFixed(0)} ms; load average ${r.load.toFixed(1)}`,
  ].join('\n')
}

export function accountViewMarkdown(r: AccountViewFigures): string {
  return `${HEADING}

Written by \`bench/src/accountView.ts\` on ${new Date().toISOString().slice(0, 10)} (\`node --import tsx bench/src/accountView.ts --write\`),
${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, load average ${r.load.toFixed(1)}
(a machine shared with other work); calibration ${r.calibrationMs.toFixed(0)} ms.

| figure | value | budget | |
|---|---|---|---|
| Click Account → Tokens rows with USD on screen (after connect, loopback), median | ${r.median.toFixed(1)} ms | ≤ ${ACCOUNT_VIEW_BUDGET_MS} ms | ${r.ok ? 'ok' : 'OVER'} |

Each run in a fresh browser context (the SDK's cache cold): the demo (React page), an injected wallet
connected through the modal, then the Account view's chunk, chain-api's supported chains and balances.
Runs (ms): ${r.runs.map((n) => n.toFixed(1)).join(', ')}
`
}

if (process.argv[1] === here) {
  const stack = await startStack()
  const browser = await launch()
  try {
    const result = await measureAccountView(browser, stack)
    console.log(formatAccountView(result))
    if (process.argv.includes('--write')) {
      writeResultsSection(HEADING, accountViewMarkdown(result))
      console.log('Wrote its section of bench/RESULTS.md')
    }
    process.exitCode = result.ok ? 0 : 1
  } finally {
    await browser.close()
    await stack.close()
  }
}
