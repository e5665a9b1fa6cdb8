/**
 * `personal_sign` from request to signature, approval given as soon as allowed, not counting the 1000 ms
 * visibility rule (issue 4 budget: ≤ 20 ms median).
 *
 *   node --import tsx bench/src/personalSign.ts           prints the figures; exit 0 within budget, 1 over it
 *   node --import tsx bench/src/personalSign.ts --write   also replaces its section of bench/RESULTS.md
 *   npm run bench                                        all.ts runs it too
 *
 * What one run measures, on the demo dApp after an e-mail login (see RESULTS.md for the figures):
 * - in the dApp page: `total`, from `provider.request({ method: 'personal_sign' })` to the signature;
 * - in the frame document (its own clock): `shown`, when the Approve button is first fully inside the
 *   viewport (an IntersectionObserver on it, ratio 1, the entry's time), `enabled`, when its `disabled`
 *   goes away (a MutationObserver), and `clicked`, the trusted click's event time.
 * The figure is `total − (clicked − shown)`, i.e. (request → Approve on screen) + (trusted click → signature):
 * the time the button was on screen but disabled (the visibility rule) and the harness's own delay between
 * `enabled` and its click reaching the frame (a Playwright round trip, not ours) are taken out; both are
 * reported on lines of their own.
 * @module
 */
import { cpus, loadavg } from 'node:os'
import { type Stack, startStack } from '@keyframe/devstack'
import type { Browser, Frame, Page } from 'playwright-core'
import { launch, median } from './browser.ts'
import { writeResultsSection } from './results.ts'
import { loggedInPage } from './rpcOverhead.ts'

export const PERSONAL_SIGN_BUDGET_MS = 20
const here = new URL(import.meta.url).pathname
const HEADING = '## personal_sign with approval (issue 4)'

/** One run, ms. `requestToShown` mixes the page's and the frame's clocks (`timeOrigin` + now): indicative. */
export type SignRun = {
  total: number
  disabledOnScreen: number
  enabledToClick: number
  clickToSignature: number
  requestToShown: number
  /** total − (clicked − shown) = total − disabledOnScreen − enabledToClick. */
  figure: number
}

export type PersonalSign = {
  first: SignRun
  runs: SignRun[]
  median: number
  medians: Omit<SignRun, 'figure'>
  /** 1-minute load average when the measurement ended (this machine is shared). */
  load: number
  ok: boolean
}

type FrameTimes = { shown?: number; enabled?: number; clicked?: number; origin: number }

/** Installs the recorder in the frame document: each new Approve button resets it. */
async function installRecorder(frame: Frame) {
  await frame.evaluate(() => {
    const times: FrameTimes = { origin: performance.timeOrigin }
    Object.assign(window, { __signTimes: times })
    let watched: HTMLButtonElement | undefined
    const inView = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.intersectionRatio >= 0.999) times.shown ??= entry.time
      },
      { threshold: [0.999, 1] },
    )
    const check = () => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Approve')
      if (!button) return
      if (button !== watched) {
        if (watched) inView.unobserve(watched)
        watched = button
        delete times.shown
        delete times.enabled
        delete times.clicked
        inView.observe(button)
        button.addEventListener(
          'click',
          (event) => {
            if (event.isTrusted) times.clicked ??= event.timeStamp
          },
          { capture: true },
        )
      }
      if (!button.disabled) times.enabled ??= performance.now()
    }
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    })
  })
}

async function signOnce(page: Page, frame: Frame, address: string): Promise<SignRun> {
  await page.evaluate((address) => {
    const provider = (window as unknown as { __kf: { request(a: unknown): Promise<unknown> } }).__kf
    const run: { start: number; end?: number; origin: number; error?: string } = {
      start: performance.now(),
      origin: performance.timeOrigin,
    }
    Object.assign(window, { __signRun: run })
    provider.request({ method: 'personal_sign', params: ['0x6b65796672616d65', address] }).then(
      () => {
        run.end = performance.now()
      },
      (error: Error) => {
        run.error = error.message
      },
    )
  }, address)
  // Where to click, taken while the button still waits for the rule; then the click the moment it is enabled.
  const approve = page
    .frameLocator('iframe[title="Keyframe wallet"]')
    .getByRole('button', { name: 'Approve' })
  await approve.waitFor({ state: 'visible', timeout: 15_000 })
  const box = await approve.boundingBox()
  if (!box) throw new Error('The Approve button has no box')
  await frame.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const ready = () =>
          (window as unknown as { __signTimes: FrameTimes }).__signTimes.enabled !== undefined
        if (ready()) return resolve()
        const observer = new MutationObserver(() => {
          if (!ready()) return
          observer.disconnect()
          resolve()
        })
        observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['disabled'] })
      }),
  )
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  const run = await page
    .waitForFunction(() => {
      const r = (
        window as unknown as { __signRun: { start: number; end?: number; origin: number; error?: string } }
      ).__signRun
      return r.end !== undefined || r.error !== undefined ? r : false
    })
    .then(
      (handle) =>
        handle.jsonValue() as Promise<{ start: number; end?: number; origin: number; error?: string }>,
    )
  if (run.error !== undefined || run.end === undefined) throw new Error(`personal_sign failed: ${run.error}`)
  const times = await frame.evaluate(() => ({
    ...(window as unknown as { __signTimes: FrameTimes }).__signTimes,
  }))
  if (times.shown === undefined || times.enabled === undefined || times.clicked === undefined)
    throw new Error(`The frame missed a moment: ${JSON.stringify(times)}`)
  const total = run.end - run.start
  const disabledOnScreen = times.enabled - times.shown
  // The modal closes after the signature; the next run opens it again.
  await page.getByRole('dialog').waitFor({ state: 'hidden' })
  return {
    total,
    disabledOnScreen,
    enabledToClick: times.clicked - times.enabled,
    clickToSignature: run.origin + run.end - (times.origin + times.clicked),
    requestToShown: times.origin + times.shown - (run.origin + run.start),
    figure: total - (times.clicked - times.shown),
  }
}

export async function measurePersonalSign(
  browser: Browser,
  stack: Stack,
  options: { runs?: number } = {},
): Promise<PersonalSign> {
  const count = options.runs ?? 20
  const { context, page } = await loggedInPage(browser, stack)
  try {
    const address = (await page.getByTestId('account-address').textContent()) ?? ''
    const frame = page.frames().find((f) => f.url().startsWith(`${new URL(stack.frameUrl).origin}/`))
    if (!frame) throw new Error('The page has no frame document')
    await installRecorder(frame)
    // The first approval loads the approval code in the frame (lazy): reported apart, not counted.
    const first = await signOnce(page, frame, address)
    const runs: SignRun[] = []
    for (let i = 0; i < count; i++) runs.push(await signOnce(page, frame, address))
    const of = (key: keyof SignRun) => median(runs.map((r) => r[key]))
    const result = median(runs.map((r) => r.figure))
    return {
      first,
      runs,
      median: result,
      medians: {
        total: of('total'),
        disabledOnScreen: of('disabledOnScreen'),
        enabledToClick: of('enabledToClick'),
        clickToSignature: of('clickToSignature'),
        requestToShown: of('requestToShown'),
      },
      load: loadavg()[0]!,
      ok: result <= PERSONAL_SIGN_BUDGET_MS,
    }
  } finally {
    await context.close()
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`

export function personalSignRows(r: PersonalSign): [string, string, string, string][] {
  return [
    [
      '`personal_sign` request → signature, minus the rule and the harness click, median',
      ms(r.median),
      '≤ 20 ms',
      r.ok ? 'ok' : 'OVER',
    ],
    ['Request → signature, whole, median', ms(r.medians.total), '—', ''],
    ['Approve on screen but disabled (subtracted), median', ms(r.medians.disabledOnScreen), '≥ 1000 ms', ''],
    ['Request → Approve on screen (two clocks, indicative), median', ms(r.medians.requestToShown), '—', ''],
    [
      'Enabled → the harness click arrives in the frame (subtracted), median',
      ms(r.medians.enabledToClick),
      '—',
      '',
    ],
    [
      'Click → signature in the dApp (two clocks, indicative), median',
      ms(r.medians.clickToSignature),
      '—',
      '',
    ],
    ['First approval of the page, counted the same way', ms(r.first.figure), '—', ''],
  ]
}

export function formatPersonalSign(r: PersonalSign): string {
  return personalSignRows(r)
    .map(
      ([name, value, budget, verdict]) =>
        `${name.padEnd(70)} ${value.padStart(10)}  ${budget.padEnd(9)} ${verdict}`,
    )
    .join('\n')
    .concat(`\n(1-minute load average ${r.load.toFixed(1)} on ${cpus().length} cores)`)
}

export function personalSignMarkdown(r: PersonalSign): string {
  return `${HEADING}

Written by \`bench/src/personalSign.ts\` on ${new Date().toISOString().slice(0, 10)} (\`npm run bench\`, or alone:
\`node --import tsx bench/src/personalSign.ts --write\`).

| figure | value | budget | |
|---|---|---|---|
${personalSignRows(r)
  .map((row) => `| ${row.join(' | ')} |`)
  .join('\n')}

On the demo dApp after an e-mail login, the page calls \`personal_sign\` on the embedded wallet's provider
(found through EIP-6963) ${r.runs.length} times in a row, after one first run that is reported apart (it loads the
frame's approval code). Each time the modal opens on the frame's approval screen; the script waits for the
Approve button to be enabled and clicks it at once with a real (trusted) pointer click; the frame signs and
the dApp gets the signature; the modal closes before the next run.

What is counted, exactly: (request → Approve on screen) + (trusted click → signature), i.e. \`total\` minus
the time from the moment the Approve button was first fully inside the viewport (an IntersectionObserver on
the button in the frame, ratio 1, the entry's timestamp) to the moment the trusted click reached it (the
click event's timestamp in the frame). That subtracted span holds the visibility rule (≥ 1000 ms
continuously visible, until its \`disabled\` attribute goes away) and the harness's own delay between
"enabled" and its click arriving (a round trip through Playwright, nobody's latency in real use); both have
their own lines above. Everything else is counted: the request reaching the frame, the approval screen built
and the modal showing the frame, the browser putting it on screen, then the key reconstructed, the signing
and the answer back to the dApp. \`total\` is timed in the dApp page, the two frame moments on the frame's
own clock, so the subtraction mixes no clocks. The "two clocks" lines compare \`performance.timeOrigin + now\`
of two documents and are only indicative.

Runs (figure, ms): ${r.runs.map((x) => x.figure.toFixed(1)).join(', ')}. The 1-minute load average was
${r.load.toFixed(1)} on ${cpus().length} cores when the run ended.

Where the time goes (CPU profiles of both documents and per-run timelines): from the request, 2–8 ms until
the frame has built its screen (the request's way there, its checks, the DOM) and the parent has shown the
iframe; the rest is two paints: the parent's next frame, in which the iframe's visibility is computed and sent
to the frame's process, then the frame's own next frame, in which its IntersectionObserver sees the button.
At 60 Hz that is ~1.5 frames (~20 ms) for any approval drawn in a cross-origin iframe (SECURITY.md §3), so the
budget is not reachable this way; the parts under our control are ~5 ms before the paints and ~5 ms of CPU
after the click. From the click, the frame's CPU work (shares combined, native PBKDF2 seed, BIP-32 with three
base-point multiplications, the signature) is ~5 ms; the rest is waiting: the device share's decryption
(its encrypted record is read in one IndexedDB transaction while the approval is on screen, since a first
transaction after the click took up to ~10 ms in the profiles) and the answer's way back to the dApp.

History: 120.6 ms median (load 6.3; counted then with the harness's click delay, ~5 ms) with 56 ms to the
button on screen, 46 ms from the click and 551 ms for a page's first approval. What took it down, measured
one by one: the modal opens on the approval view itself and shows the (still blank) frame at once, so the
screen is on screen with the frame's next paint (before: the Account view rendered and fetched the balance,
then the view changed, then the hidden frame was shown and needed two paints: −20 ms); the frame stays shown
until the request's answer instead of being hidden at APPROVAL_CLOSED (Chromium ran the signing of a
just-hidden frame ~40 ms late: 60 → 20 ms from the click); no \`import()\` hop per request in the frame; focus
without scrolling (no forced layouts) in the frame and the modal; the BIP-32 path derived without the public
keys and fingerprints it does not need (7 → 3 base-point multiplications).
`
}

if (process.argv[1] === here) {
  const stack = await startStack({ recoveryMode: 'operator' })
  const browser = await launch()
  try {
    const result = await measurePersonalSign(browser, stack)
    console.log(formatPersonalSign(result))
    if (process.argv.includes('--write')) {
      writeResultsSection(HEADING, personalSignMarkdown(result))
      console.log('Wrote its section of bench/RESULTS.md')
    }
    process.exitCode = result.ok ? 0 : 1
  } finally {
    await browser.close()
    await stack.close()
  }
}
