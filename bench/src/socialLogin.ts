/**
 * Social login on the demo (issue 17 budget, loopback): the person presses Allow on the provider's consent
 * page in the login popup → the dApp shows the account connected (≤ 600 ms median). Each run is a first login
 * in a fresh browser context (a new device key) with a login name the devstack's provider stand-in has never
 * seen, so each makes a new wallet; the project is in operator recovery (no passphrase in a benchmark). In
 * the figure: the provider's redirect to the frame server's callback, the code exchange and the user-info
 * call there, the ticket, the callback page posting it to the dApp, the frame redeeming it, the wallet made,
 * split and registered, and the dApp's status painted.
 *
 *   node --import tsx bench/src/socialLogin.ts           prints the figures; exit 0 within budget, 1 over it
 *   node --import tsx bench/src/socialLogin.ts --write   also replaces its section of bench/RESULTS.md
 *   … --provider github                                   another of the six (default google)
 * @module
 */
import { randomBytes } from 'node:crypto'
import { cpus, loadavg } from 'node:os'
import { type Stack, startStack } from '@keyframe/devstack'
import { SOCIAL_PROVIDERS, type SocialProvider } from '@keyframe/protocol/core'
import type { Browser, Page } from 'playwright-core'
import { freshContext, launch, median, nodeNow, pageClockOffset, percentile } from './browser.ts'
import { calibrate } from './calibrate.ts'
import { writeResultsSection } from './results.ts'

export const SOCIAL_LOGIN_BUDGET_MS = 600
const HEADING = '## Social login (issue 17)'
const here = new URL(import.meta.url).pathname

/** The providers' button labels in the Connect view (the first social reads "Continue with …"). */
const LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

export type SocialLoginFigures = {
  provider: SocialProvider
  /** Allow pressed → the dApp connected, ms. */
  connected: { median: number; p90: number; runs: number[] }
  /** Allow pressed → the popup closed by the callback page (the ticket is on its way to the dApp), ms. */
  popupClosed: { median: number; runs: number[] }
  /** The widest bound on the two page clocks' offsets' errors over the runs, ms. */
  clockErrorMs: number
  calibrationMs: number
  calibrations: number[]
  load: number
  loadAfter: number
  ok: boolean
}

/** The provider stand-in's login page in the popup: any new login name, Sign in; waits for its consent page. */
async function signInUntilConsent(popup: Page, login: string) {
  const name = popup.getByLabel('Login name', { exact: true })
  await name.waitFor({ timeout: 15_000 })
  await name.fill(login)
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click()
  await popup.getByRole('button', { name: 'Allow', exact: true }).waitFor({ timeout: 15_000 })
}

/** One first login: open, press the provider (popup), sign in there, then Allow timed to the dApp connected. */
async function oneRun(browser: Browser, stack: Stack, provider: SocialProvider) {
  const context = await freshContext(browser)
  try {
    const page = await context.newPage()
    await page.goto(stack.dappUrl)
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Connect' }).waitFor()
    const opened = page.waitForEvent('popup')
    await dialog.getByRole('button', { name: new RegExp(`^(Continue with )?${LABELS[provider]}$`) }).click()
    const popup = await opened
    await signInUntilConsent(popup, `bench-${Date.now().toString(36)}${randomBytes(3).toString('hex')}`)

    // Watches from now on: the demo's account status reading 'connected', on a painted frame (its clock).
    await page.evaluate(() => {
      const status = document.querySelector('[data-testid="account-status"]')
      const w = window as unknown as { connectedAt?: number }
      const tick = () =>
        status?.textContent === 'connected' && status.getBoundingClientRect().height > 0
          ? requestAnimationFrame(() => {
              w.connectedAt = performance.timeOrigin + performance.now()
            })
          : requestAnimationFrame(tick)
      requestAnimationFrame(tick)
    })
    const pageClock = await pageClockOffset(page)
    const popupClock = await pageClockOffset(popup)
    let closedAt = Number.NaN
    popup.once('close', () => {
      closedAt = nodeNow()
    })
    // The press in the popup, on its clock: the form's submission navigates after this task returns.
    const pressedAt = await popup.evaluate(() => {
      const allow = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Allow')
      if (!allow) throw new Error('No Allow button on the consent page')
      const at = performance.timeOrigin + performance.now()
      allow.click()
      return at
    })
    const connectedAt = await page
      .waitForFunction(() => (window as unknown as { connectedAt?: number }).connectedAt, undefined, {
        timeout: 15_000,
      })
      .then((handle) => handle.jsonValue() as Promise<number>)
    const pressed = pressedAt - popupClock.offset
    if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 5_000 })
    return {
      connectedMs: connectedAt - pageClock.offset - pressed,
      popupClosedMs: closedAt - pressed,
      clockError: pageClock.error + popupClock.error,
    }
  } finally {
    await context.close()
  }
}

export async function measureSocialLogin(
  browser: Browser,
  stack: Stack,
  options: { runs?: number; provider?: SocialProvider } = {},
): Promise<SocialLoginFigures> {
  const runs = options.runs ?? 15
  const provider = options.provider ?? 'google'
  const load = loadavg()[0] ?? 0
  const results = []
  const calibrations: number[] = []
  for (let i = 0; i < runs + 1; i++) {
    const calibration = calibrate()
    const result = await oneRun(browser, stack, provider)
    // The first run warms the frame server and the stand-in (JIT, pools, keys) and is not counted.
    if (i === 0) continue
    calibrations.push(calibration)
    results.push(result)
  }
  const connected = results.map((r) => r.connectedMs)
  const closed = results.map((r) => r.popupClosedMs)
  const figures = {
    provider,
    connected: { median: median(connected), p90: percentile(connected, 90), runs: connected },
    popupClosed: { median: median(closed), runs: closed },
    clockErrorMs: Math.max(...results.map((r) => r.clockError)),
    calibrationMs: median(calibrations),
    calibrations,
    load,
    loadAfter: loadavg()[0] ?? 0,
  }
  return { ...figures, ok: figures.connected.median <= SOCIAL_LOGIN_BUDGET_MS }
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER')
const list = (runs: number[]) => runs.map((n) => n.toFixed(1)).join(', ')

export function formatSocialLogin(r: SocialLoginFigures): string {
  return [
    `${LABELS[r.provider]} consent Allow pressed → dApp connected (new wallet, operator recovery), median: ${r.connected.median.toFixed(1)} ms (budget ≤ ${SOCIAL_LOGIN_BUDGET_MS} ms, ${verdict(r.ok)}; p90 ${r.connected.p90.toFixed(1)} ms; clocks known to ±${r.clockErrorMs.toFixed(1)} ms)`,
    `of it: Allow pressed → the login popup closed by the callback page, median: ${r.popupClosed.median.toFixed(1)} ms`,
    `runs (ms): ${list(r.connected.runs)}`,
    `calibration (fixed JS work on one core) before each run, median: ${r.calibrationMs.toFixed(0)} ms (${Math.min(...r.calibrations).toFixed(0)}–${Math.max(...r.calibrations).toFixed(0)}); load average ${r.load.toFixed(1)} → ${r.loadAfter.toFixed(1)}`,
  ].join('\n')
}

export function socialLoginMarkdown(r: SocialLoginFigures): string {
  return `${HEADING}

Written by \`bench/src/socialLogin.ts\` on ${new Date().toISOString().slice(0, 10)} (\`node --import tsx bench/src/socialLogin.ts --write\`),
${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}
(a machine shared with other work): load average ${r.load.toFixed(1)} at the start, ${r.loadAfter.toFixed(1)} at the end; calibration before
each run ${r.calibrationMs.toFixed(0)} ms median (${Math.min(...r.calibrations).toFixed(0)}–${Math.max(...r.calibrations).toFixed(0)}; 185 ms on the quiet host of issue 14).

| figure | value | budget | |
|---|---|---|---|
| ${LABELS[r.provider]}: consent Allow pressed → dApp connected, new wallet (operator recovery), loopback, median | ${r.connected.median.toFixed(1)} ms | ≤ ${SOCIAL_LOGIN_BUDGET_MS} ms | ${verdict(r.ok)} |
| the same, p90 | ${r.connected.p90.toFixed(1)} ms | — |  |
| of it: Allow pressed → the login popup closed by the callback page, median | ${r.popupClosed.median.toFixed(1)} ms | — |  |

Each of ${r.connected.runs.length} runs (after one uncounted warm-up) is a first login in a fresh browser context (a new device
key in the frame) with a login name the devstack's provider stand-in (oidc-provider) has never seen: the demo
opened, ${LABELS[r.provider]} pressed in the Connect view (the popup opens on the press), the stand-in's login page
filled (untimed), then the time runs from the press of Allow on its consent page (the popup's clock) to the
demo's status reading "connected" on a painted frame (the dApp page's clock); both clocks are brought to Node's
by round trips, known to ±${r.clockErrorMs.toFixed(1)} ms. In it: the stand-in's redirect to the frame server's callback,
the server's code exchange (PKCE) and user-info call to the stand-in, the one-time ticket, the callback page
posting the ticket to the Keyframe frame and the done URI to the dApp and closing, the frame redeeming the
ticket, generating the wallet (both
2-of-2 splits) and registering it, and the dApp's connection.

- Calibration before each run (ms): ${r.calibrations.map((n) => n.toFixed(0)).join(', ')}
- Allow → connected runs (ms): ${list(r.connected.runs)}
- Allow → popup closed runs (ms): ${list(r.popupClosed.runs)}
`
}

if (process.argv[1] === here) {
  const asked = process.argv[process.argv.indexOf('--provider') + 1]
  const provider = (SOCIAL_PROVIDERS as readonly string[]).includes(asked ?? '')
    ? (asked as SocialProvider)
    : 'google'
  const stack = await startStack({ recoveryMode: 'operator' })
  const browser = await launch()
  try {
    const result = await measureSocialLogin(browser, stack, { provider })
    console.log(formatSocialLogin(result))
    if (process.argv.includes('--write')) {
      writeResultsSection(HEADING, socialLoginMarkdown(result))
      console.log('Wrote its section of bench/RESULTS.md')
    }
    process.exitCode = result.ok ? 0 : 1
  } finally {
    await browser.close()
    await stack.close()
  }
}
