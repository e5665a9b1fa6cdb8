/**
 * Debian's Firefox ESR driven by puppeteer-core over WebDriver BiDi (no geckodriver; see STACK.md). The
 * frame is found among the page's frames by its origin; the popup is the target opened at `/approve`.
 * @module
 */
import puppeteer, { type Browser, type Frame, type Page } from 'puppeteer-core'
import {
  centreExpression,
  describeTarget,
  type EngineDriver,
  FRAME_SELECTOR,
  POPUP_PATH,
  type Target,
  type Where,
  withTimeout,
} from './driver.ts'

export const FIREFOX_PATH = '/usr/bin/firefox-esr'
/** Launch, navigation and each driver call: generous for a loaded 2-core machine, but finite. */
const LAUNCH_MS = 30_000
const CALL_MS = 15_000

/** Launches Firefox ESR headless and opens one page. */
export async function launchFirefox(frameOrigin: string): Promise<EngineDriver> {
  const browser: Browser = await withTimeout(
    puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: true,
      timeout: LAUNCH_MS,
      protocolTimeout: CALL_MS,
    }),
    LAUNCH_MS + 5_000,
    'Firefox ESR launch',
  )
  try {
    const page = await withTimeout(browser.newPage(), CALL_MS, 'Firefox: new page')
    return firefoxDriver(browser, page, frameOrigin)
  } catch (error) {
    await browser.close().catch(() => {})
    throw error
  }
}

function firefoxDriver(browser: Browser, page: Page, frameOrigin: string): EngineDriver {
  const popupUrl = `${frameOrigin}${POPUP_PATH}`

  async function popupPage(): Promise<Page | undefined> {
    for (const candidate of await browser.pages()) if (candidate.url().startsWith(popupUrl)) return candidate
    return undefined
  }

  async function context(where: Where): Promise<Frame> {
    if (where === 'page') return page.mainFrame()
    if (where === 'frame') {
      const frame = page.frames().find((f) => f.url().startsWith(`${frameOrigin}/frame`))
      if (!frame) throw new Error('Firefox: the page has no Keyframe frame')
      return frame
    }
    const popup = await popupPage()
    if (!popup) throw new Error('Firefox: no approval popup is open')
    return popup.mainFrame()
  }

  /**
   * Where `target` is, in the coordinates of its window's viewport (the frame's offset in the page added).
   * Puppeteer's own element click cannot be used in a frame here: it asks Firefox ESR for the frame's element
   * (`browsingContext.locateNodes` with a context locator), which ESR 140 does not support.
   */
  async function pointAt(where: Where, target: Target): Promise<{ page: Page; x: number; y: number }> {
    const point = await withTimeout(
      (await context(where)).evaluate(centreExpression(target)) as Promise<{ x: number; y: number } | null>,
      CALL_MS,
      `Firefox: find ${describeTarget(where, target)}`,
    )
    if (!point) throw new Error(`Firefox: not found: ${describeTarget(where, target)}`)
    if (where === 'popup') {
      const popup = await popupPage()
      if (!popup) throw new Error('Firefox: no approval popup is open')
      return { page: popup, ...point }
    }
    if (where === 'page') return { page, ...point }
    const frame = await withTimeout(
      page.mainFrame().evaluate(`((frame) => {
        const rect = frame.getBoundingClientRect()
        return { x: rect.left + frame.clientLeft, y: rect.top + frame.clientTop }
      })(document.querySelector(${JSON.stringify(FRAME_SELECTOR)}))`) as Promise<{ x: number; y: number }>,
      CALL_MS,
      'Firefox: where the frame is',
    )
    return { page, x: frame.x + point.x, y: frame.y + point.y }
  }

  async function click(where: Where, target: Target) {
    const { page: shown, x, y } = await pointAt(where, target)
    await withTimeout(shown.mouse.click(x, y), CALL_MS, `Firefox: click ${describeTarget(where, target)}`)
  }

  return {
    name: 'firefox',
    async goto(url) {
      await withTimeout(page.goto(url, { timeout: CALL_MS }), CALL_MS + 1_000, `Firefox: open ${url}`)
    },
    async run<R>(where: Where, expression: string) {
      const frame = await context(where)
      return withTimeout(frame.evaluate(expression) as Promise<R>, CALL_MS, `Firefox: run in ${where}`)
    },
    click,
    async type(where, target, text) {
      const { page: shown, x, y } = await pointAt(where, target)
      await withTimeout(shown.mouse.click(x, y), CALL_MS, `Firefox: click ${describeTarget(where, target)}`)
      await withTimeout(
        shown.keyboard.type(text),
        CALL_MS,
        `Firefox: type into ${describeTarget(where, target)}`,
      )
    },
    async hasPopup() {
      return (await popupPage()) !== undefined
    },
    async screenshot(where) {
      const shown = where === 'page' ? page : await popupPage()
      if (!shown) throw new Error('Firefox: no approval popup is open')
      return Buffer.from(await withTimeout(shown.screenshot(), CALL_MS, `Firefox: screenshot of ${where}`))
    },
    async close() {
      await withTimeout(browser.close(), CALL_MS, 'Firefox: close').catch(() => {
        browser.process()?.kill('SIGKILL')
      })
    },
  }
}
