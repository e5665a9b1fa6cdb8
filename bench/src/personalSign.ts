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
 *   viewport (an IntersectionObserver on it, ratio 1, the entry's time), `enabled`, when its `aria-disabled`
 *   goes to false (a MutationObserver), and `clicked`, the trusted press's click event time.
 * The figure is `total − (clicked − shown)`, i.e. (request → Approve on screen) + (trusted press → signature):
 * the time the button was on screen but disabled (the visibility rule) and the harness's own delay between
 * `enabled` and its press reaching the frame (the enabled button drawn, a Playwright round trip, not ours)
 * are taken out; both are reported on lines of their own.
 * @module
 */
import { cpus, loadavg } from 'node:os'
import { type Stack, startStack } from '@keyframe/devstack'
import type { Browser, Frame, Page } from 'playwright-core'
import { launch, median } from './browser.ts'
import { writeResultsSection } from './results.ts'
import { loggedInPage } from './rpcOverhead.ts'

export const PERSONAL_SIGN_BUDGET_MS = 20
/** Runs per reported block (see `PersonalSign.blocks`). */
const BLOCK = 20
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
  /** Medians of each 20 runs in turn: how far the machine drifts during the measurement. */
  blocks: number[]
  /** Runs pressed the moment Approve is enabled, before it is drawn (`Press` 'enabled'). */
  atEnable: SignRun[]
  median: number
  medians: Omit<SignRun, 'figure'>
  /** 1-minute load average when the measurement ended (this machine is shared). */
  load: number
  ok: boolean
}

type FrameTimes = { shown?: number; enabled?: number; clicked?: number; origin: number }

/** Installs the recorder in the frame document: each new Approve button resets it. */
export async function installRecorder(frame: Frame) {
  await frame.evaluate(() => {
    const times: FrameTimes = { origin: performance.timeOrigin }
    Object.assign(window, { __signTimes: times })
    let watched: HTMLElement | undefined
    const inView = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.intersectionRatio >= 0.999) times.shown ??= entry.time
      },
      { threshold: [0.999, 1] },
    )
    const check = () => {
      // Approve is an element with the button role (not a <button>: frame-app/web/approve/screen.ts).
      const button = [...document.querySelectorAll<HTMLElement>('[role=button]')].find(
        (b) => b.textContent?.trim() === 'Approve',
      )
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
      if (button.getAttribute('aria-disabled') === 'false') times.enabled ??= performance.now()
    }
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-disabled'],
    })
  })
}

/**
 * When the harness presses Approve: once the enabled button has been drawn (`drawn`, what a person can do at
 * the earliest), or the moment it is enabled, before that (`enabled`).
 */
export type Press = 'drawn' | 'enabled'

/** One `personal_sign` on the page's provider (`window.__kf`), approved by a trusted press; its times. */
export async function signOnce(page: Page, frame: Frame, address: string, press: Press): Promise<SignRun> {
  await page.evaluate((address) => {
    const provider = (window as unknown as { __kf: { request(a: unknown): Promise<unknown> } }).__kf
    const run: { start: number; end?: number; origin: number; error?: string } = {
      start: performance.now(),
      origin: performance.timeOrigin,
    }
    Object.assign(window, { __signRun: run })
    const done = provider.request({ method: 'personal_sign', params: ['0x6b65796672616d65', address] }).then(
      () => {
        run.end = performance.now()
        return run
      },
      (error: Error) => {
        run.error = error.message
        return run
      },
    )
    Object.assign(window, { __signDone: done })
  }, address)
  // Where to press, taken while the button still waits for the rule.
  const approve = page
    .frameLocator('iframe[title="Keyframe wallet"]')
    .getByRole('button', { name: 'Approve' })
  await approve.waitFor({ state: 'visible', timeout: 15_000 })
  const box = await approve.boundingBox()
  if (!box) throw new Error('The Approve button has no box')
  // The pointer goes over the button while it waits, as a person's does; the press comes once it is enabled.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await frame.evaluate(
    (press) =>
      new Promise<void>((resolve) => {
        const ready = () =>
          (window as unknown as { __signTimes: FrameTimes }).__signTimes.enabled !== undefined
        if (ready()) return resolve()
        const observer = new MutationObserver(() => {
          if (!ready()) return
          observer.disconnect()
          resolve()
        })
        observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-disabled'] })
      }).then(() => {
        if (press === 'enabled') return
        // The frame in which the enabled button is drawn: its animation frame callback, then the task after.
        return new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
      }),
    press,
  )
  await page.mouse.down()
  await page.mouse.up()
  // Awaited in the page (no polling): a `waitForFunction` would run its check on every animation frame of the
  // dApp page, work of the harness competing with the signature on this machine's cores.
  const run = await page.evaluate(
    () =>
      (
        window as unknown as {
          __signDone: Promise<{ start: number; end?: number; origin: number; error?: string }>
        }
      ).__signDone,
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
  options: { runs?: number; atEnable?: number } = {},
): Promise<PersonalSign> {
  // 100: the machine's speed drifts over minutes (a PBKDF2 alone took 2 ms, then 4 ms, an hour apart), and a
  // median over a longer stretch says more than one over 20 s.
  const count = options.runs ?? 100
  const atEnableCount = options.atEnable ?? 10
  const { context, page } = await loggedInPage(browser, stack)
  try {
    const address = (await page.getByTestId('account-address').textContent()) ?? ''
    const frame = page.frames().find((f) => f.url().startsWith(`${new URL(stack.frameUrl).origin}/`))
    if (!frame) throw new Error('The page has no frame document')
    await installRecorder(frame)
    // The first approval loads the approval code in the frame (lazy): reported apart, not counted.
    const first = await signOnce(page, frame, address, 'drawn')
    const runs: SignRun[] = []
    for (let i = 0; i < count; i++) runs.push(await signOnce(page, frame, address, 'drawn'))
    const atEnable: SignRun[] = []
    for (let i = 0; i < atEnableCount; i++) atEnable.push(await signOnce(page, frame, address, 'enabled'))
    const of = (key: keyof SignRun) => median(runs.map((r) => r[key]))
    const result = median(runs.map((r) => r.figure))
    const blocks: number[] = []
    for (let i = 0; i < runs.length; i += BLOCK)
      blocks.push(median(runs.slice(i, i + BLOCK).map((r) => r.figure)))
    return {
      first,
      runs,
      blocks,
      atEnable,
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
      'Enabled → the enabled button drawn → the harness press arrives in the frame (subtracted), median',
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
    [
      `Same, pressed the moment Approve is enabled, before it is drawn (${r.atEnable.length} runs), median`,
      ms(median(r.atEnable.map((x) => x.figure))),
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
frame's approval code). Each time the modal opens on the frame's approval screen; the pointer goes over
Approve while the button waits for the rule, as a person's does; once Approve is enabled and drawn enabled,
the script presses it (a real, trusted pointer press); the frame signs and the dApp gets the signature; the
modal closes before the next run. The script waits for the answer on the request's own promise in the page
(a \`waitForFunction\` would poll on every animation frame of the dApp page: harness work competing with the
signature for the machine's two cores). ${r.atEnable.length} more runs press the moment Approve is enabled, before it is
drawn (faster than anyone can see it): their own line above.

What is counted, exactly: (request → Approve on screen) + (trusted press → signature), i.e. \`total\` minus
the time from the moment the Approve button was first fully inside the viewport (an IntersectionObserver on
the button in the frame, ratio 1, the entry's timestamp) to the moment the trusted click reached it (the
click event's timestamp in the frame). That subtracted span holds the visibility rule (≥ 1000 ms
continuously visible, until its \`aria-disabled\` goes to false) and the harness's own delay between
"enabled" and its press arriving (a frame to draw the enabled button, a round trip through Playwright); both
have their own lines above. Everything else is counted: the request reaching the frame, the approval screen
built and the modal showing the frame, the browser putting it on screen, then the key reconstructed, the
signing and the answer back to the dApp. \`total\` is timed in the dApp page, the two frame moments on the
frame's own clock, so the subtraction mixes no clocks. The "two clocks" lines compare
\`performance.timeOrigin + now\` of two documents and are only indicative.

Medians of each ${BLOCK} runs in turn (figure, ms): ${r.blocks.map((x) => x.toFixed(1)).join(', ')}; fastest and slowest run
${Math.min(...r.runs.map((x) => x.figure)).toFixed(1)} and ${Math.max(...r.runs.map((x) => x.figure)).toFixed(1)} ms. Pressed at enable: ${r.atEnable.map((x) => x.figure.toFixed(1)).join(', ')}. The
1-minute load average was ${r.load.toFixed(1)} on ${cpus().length} cores when the run ended.

On this shared machine the same code measured 17–24 ms in executions of 20 runs over one afternoon; the
spread follows the machine's speed (a PBKDF2 alone in a blank page took 2–3 ms in its fast phases, 3–10 ms
in its slow ones), hence 100 runs in a row. A slow phase can still put the median over 20 ms.

Where the time goes (Chromium traces of both documents, per-run marks): from the request, ~1 ms until the
frame has it and 1–3 ms until its screen is built, then its next paint (on average half a frame, ~8 ms at
60 Hz, away: the floor of any screen drawn after a request); from the press, ~0.5 ms until the frame's
handler runs, then the key work, ~3–4 ms (device share decrypted, shares combined, the native PBKDF2 seed
on WebCrypto's thread ~2 ms, BIP-32 with one base-point multiplication, the signature with another) and
the answer's way back to the dApp, ~1 ms. Runs spread by the paint's phase (6–20 ms to the screen) and by
the machine's two cores, shared with anvil, the servers and Chromium's other processes.

What took it from 34.0 ms (the previous session's figure) to this, each measured alone:
- **The frame is parked, not hidden** (\`parent-sdk/src/ui/views/frameSlot.ts\`): once an approval is
  answered the iframe stays drawn where it was, its document empty and transparent, with no pointer events,
  out of the tab order and hidden from assistive technology. From \`display: none\` the next screen needed two
  paints (the page's, in which the iframe's visibility is computed and sent to the frame's process, then the
  frame's); drawn and in view it needs the frame's own next one: request → on screen 25 → ~11 ms, and the
  visibility rule's clock (IntersectionObserver v2) starts ~90 ms sooner. An e2e test checks that a parked
  frame draws nothing (pixel-equal screenshots, light and dark pages) and takes no clicks.
- **Nothing on the screen changes between the press and the signature** (\`hold\` in
  \`frame-app/web/approve/requestApproval.ts\`): the screen goes once the key work is done. Removing it at the
  press made the frame's renderer and the compositor (software, here) draw while the key was rebuilt, on the
  same two cores: press → signature 14 → 10 ms.
- **Approve is not a \`<button>\`** (an element with the button role, \`aria-disabled\`, Enter and Space:
  \`frame-app/web/approve/screen.ts\`), and a press does not move focus. Chromium holds back a document's
  tasks between a discrete input that asks for a frame and that frame (DeferRendererTasksAfterInput), and the
  WebCrypto results the signature waits for are such tasks; a \`<button>\` is matched by the browser's own
  \`:active\` rules, so pressing it asks for a frame (so does a focus change, through the screen's \`:focus\`
  styles). Measured on a bare page: the PBKDF2 after a press took 4–16 ms on a \`<button>\` or on any element
  with an \`:active\` rule, 2–4 ms on one without; here press → signature 10 → ~6 ms.
- **The answer before the screen's teardown**: APPROVAL_CLOSED goes when the signature is made, the screen's
  removal a task later, after the answer is posted; and the public keys of the BIP-32 path's two
  non-hardened parents are kept per wallet after a checked derivation (public, no chain code with them), so a
  later signature makes two base-point multiplications instead of four: ~1 ms each.

Earlier (issue 4's first sessions): 120.6 ms, then 34.0 ms. The modal opens on the approval view itself and
shows the frame at once; the frame stays shown until the request's answer (Chromium ran the signing of a
just-hidden frame ~40 ms late); no \`import()\` hop per request in the frame; focus without scrolling; the
BIP-32 path derived without the public keys and fingerprints it does not need (7 → 3 base-point
multiplications).
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
