/**
 * The modal on a page without React (issue 14): the JS `open()` loads on the demo's vanilla page (budget
 * ≤ 25 kB gzip) and click → Connect view there (budget ≤ 60 ms median), the two vanilla rows of all.ts's
 * Foundation table, measured alone with the machine's calibration and the bare-iframe floor beside them (on a
 * shared machine the click moves with the load; its ratio to the floor, taken in the same run, moves less).
 *
 *   node --import tsx bench/src/vanillaOpen.ts           prints the figures; exit 0 within budget, 1 over it
 *   node --import tsx bench/src/vanillaOpen.ts --write   also replaces its section of bench/RESULTS.md
 * @module
 */
import { cpus, loadavg } from 'node:os'
import type { Stack } from '@keyframe/devstack'
import { startStack } from '@keyframe/devstack'
import type { Browser } from 'playwright-core'
import { launch } from './browser.ts'
import { type BundleFigures, measureBundle } from './bundle.ts'
import { calibrate } from './calibrate.ts'
import { measureClick } from './click.ts'
import { measureFloor } from './floor.ts'
import { writeResultsSection } from './results.ts'

export const OPEN_WITHOUT_REACT_BUDGET = 25 * 1024
export const VANILLA_CLICK_BUDGET_MS = 60
const HEADING = '## Modal without React (issue 14)'
const here = new URL(import.meta.url).pathname

export type VanillaOpen = {
  bundle: BundleFigures
  click: { median: number; runs: number[] }
  /** A bare cross-origin iframe posting one message (`floor.ts`): median of 15 runs just after the clicks. */
  floorMs: number
  /** `calibrate()` just before the runs, ms; and the load average then. */
  calibrationMs: number
  load: number
  ok: boolean
}

export async function measureVanillaOpen(browser: Browser, stack: Stack): Promise<VanillaOpen> {
  const calibrationMs = calibrate()
  const load = loadavg()[0] ?? 0
  const bundle = await measureBundle(browser, stack, 'vanilla.html')
  const click = await measureClick(browser, stack, 'vanilla.html')
  const floor = await measureFloor(browser, stack, 15)
  const ok = bundle.afterOpen <= OPEN_WITHOUT_REACT_BUDGET && click.median <= VANILLA_CLICK_BUDGET_MS
  return { bundle, click, floorMs: floor.median, calibrationMs, load, ok }
}

const kB = (n: number) => `${(n / 1024).toFixed(2)} kB`

export function formatVanillaOpen(r: VanillaOpen): string {
  const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER')
  return [
    `Vanilla page JS loaded by open(), gzip: ${kB(r.bundle.afterOpen)} (budget ≤ 25 kB, ${verdict(r.bundle.afterOpen <= OPEN_WITHOUT_REACT_BUDGET)})`,
    `Click Connect → Connect view visible (vanilla page), median: ${r.click.median.toFixed(1)} ms (budget ≤ ${VANILLA_CLICK_BUDGET_MS} ms, ${verdict(r.click.median <= VANILLA_CLICK_BUDGET_MS)})`,
    `calibration (fixed JS work on one core): ${r.calibrationMs.toFixed(0)} ms; load average ${r.load.toFixed(1)}`,
    `floor (bare cross-origin iframe posting one message), median: ${r.floorMs.toFixed(1)} ms; click / floor ${(r.click.median / r.floorMs).toFixed(2)}`,
  ].join('\n')
}

export function vanillaOpenMarkdown(r: VanillaOpen): string {
  const scripts = r.bundle.scripts
    .filter((s) => s.when === 'after')
    .map((s) => `| \`${s.url}\` | ${kB(s.gzip)} |`)
    .join('\n')
  return `${HEADING}

Written by \`bench/src/vanillaOpen.ts\` on ${new Date().toISOString().slice(0, 10)} (\`node --import tsx bench/src/vanillaOpen.ts --write\`),
${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, load average ${r.load.toFixed(1)}
(a machine shared with other work).

| figure | value | budget | |
|---|---|---|---|
| Vanilla page JS loaded by open(), gzip | ${kB(r.bundle.afterOpen)} | ≤ 25 kB | ${r.bundle.afterOpen <= OPEN_WITHOUT_REACT_BUDGET ? 'ok' : 'OVER'} |
| Click Connect → Connect view visible (vanilla page), median | ${r.click.median.toFixed(1)} ms | ≤ ${VANILLA_CLICK_BUDGET_MS} ms | ${r.click.median <= VANILLA_CLICK_BUDGET_MS ? 'ok' : 'OVER'} |

- Calibration just before the runs: 200,000 small JSON round trips took ${r.calibrationMs.toFixed(0)} ms on one core
  (190 ms in the run that measured 79.38 kB and 78.3 ms with React).
- Floor just after the runs: a bare cross-origin iframe posting one message, ${r.floorMs.toFixed(1)} ms median;
  click / floor ${(r.click.median / r.floorMs).toFixed(2)} (0.48 after issue 14: 40.2 / 84.3 ms; 0.84 after issue 15: 67.4 / 79.9 ms).

The modal renders with Preact inside its shadow root; React pages keep \`@keyframe/sdk/react\` on the same
store. What \`open()\` loads on the vanilla page (cold cache):

| script | gzip |
|---|---|
${scripts}

Click runs (ms), each in a fresh browser context: ${r.click.runs.map((n) => n.toFixed(1)).join(', ')}
`
}

if (process.argv[1] === here) {
  const stack = await startStack()
  const browser = await launch()
  try {
    const result = await measureVanillaOpen(browser, stack)
    console.log(formatVanillaOpen(result))
    if (process.argv.includes('--write')) {
      writeResultsSection(HEADING, vanillaOpenMarkdown(result))
      console.log('Wrote its section of bench/RESULTS.md')
    }
    process.exitCode = result.ok ? 0 : 1
  } finally {
    await browser.close()
    await stack.close()
  }
}
