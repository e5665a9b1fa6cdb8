/**
 * WebKitGTK (Safari's engine) driven by webdriverio over WebDriver classic: MiniBrowser in automation mode,
 * through WebKitWebDriver, on an Xvfb display with a window manager (it has no headless mode, and without a
 * display or without `--automation` the driver hangs instead of failing: STACK.md). The fixture's processes are stopped with
 * the driver. The frame is entered with `switchToFrame`, the popup with `switchToWindow`; presses and keys
 * are the driver's real input at the element's place in the top-level viewport.
 * @module
 */
import { remote } from 'webdriverio'
import {
  centreExpression,
  describeTarget,
  type EngineDriver,
  FRAME_SELECTOR,
  findExpression,
  type Target,
  type Where,
  withTimeout,
} from './driver.ts'
import { startWebKitWebDriver, startWindowManager, startXvfb } from './processes.ts'

export const MINIBROWSER_PATH = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
/** How WebDriver names an element it returns (W3C). */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf'
const SESSION_MS = 30_000
const CALL_MS = 15_000

type Browser = Awaited<ReturnType<typeof remote>>

/** MiniBrowser in automation mode, over WebDriver classic (webdriverio would try BiDi first). */
const CAPABILITIES = {
  browserName: 'MiniBrowser',
  'wdio:enforceWebDriverClassic': true,
  // WebKitGTK's own capability, unknown to webdriverio's types.
  'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
}

/** Starts Xvfb, WebKitWebDriver and a MiniBrowser session; everything is stopped again by `close()`. */
export async function launchWebKit(): Promise<EngineDriver> {
  const display = await startXvfb()
  let windows: Awaited<ReturnType<typeof startWindowManager>> | undefined
  let server: Awaited<ReturnType<typeof startWebKitWebDriver>> | undefined
  try {
    windows = await startWindowManager(display.display)
    server = await startWebKitWebDriver(display.display)
    const browser = await withTimeout(
      remote({
        logLevel: 'error',
        hostname: '127.0.0.1',
        port: server.port,
        path: '/',
        connectionRetryTimeout: SESSION_MS,
        connectionRetryCount: 0,
        capabilities: CAPABILITIES,
      }),
      SESSION_MS + 5_000,
      'a WebKitGTK session',
    )
    const stopServer = server.stop
    const stopWindows = windows.stop
    return webkitDriver(browser, async () => {
      await stopServer()
      await stopWindows()
      await display.stop()
    })
  } catch (error) {
    await server?.stop()
    await windows?.stop()
    await display.stop()
    throw error
  }
}

function webkitDriver(browser: Browser, stopProcesses: () => Promise<void>): EngineDriver {
  let main: string | undefined
  const call = <T>(promise: Promise<T>, what: string) => withTimeout(promise, CALL_MS, `WebKit: ${what}`)

  async function popupHandle(): Promise<string | undefined> {
    main ??= await call(browser.getWindowHandle(), 'window handle')
    const handles = await call(browser.getWindowHandles(), 'window handles')
    return handles.find((handle) => handle !== main)
  }

  /** Makes `where` the current browsing context. */
  async function enter(where: Where) {
    main ??= await call(browser.getWindowHandle(), 'window handle')
    if (where === 'popup') {
      const popup = await popupHandle()
      if (!popup) throw new Error('WebKit: no approval popup is open')
      await call(browser.switchToWindow(popup), 'switch to the popup')
      return
    }
    await call(browser.switchToWindow(main), 'switch to the page')
    await call(browser.switchFrame(null), 'switch to the top')
    if (where === 'page') return
    const iframe = await call(browser.$(FRAME_SELECTOR).getElement(), 'find the frame')
    await call(browser.switchFrame(iframe), 'switch to the frame')
  }

  async function run<R>(where: Where, expression: string): Promise<R> {
    await enter(where)
    return call(browser.execute(`return ${expression}`) as Promise<R>, `run in ${where}`)
  }

  /** Presses `target` with the pointer, at its place in its window's viewport. */
  async function click(where: Where, target: Target) {
    const point = await run<{ x: number; y: number } | null>(where, centreExpression(target))
    if (!point) throw new Error(`WebKit: not found: ${describeTarget(where, target)}`)
    let { x, y } = point
    if (where === 'frame') {
      const frame = await run<{ x: number; y: number }>(
        'page',
        `((frame) => { const r = frame.getBoundingClientRect(); return { x: r.left + frame.clientLeft, y: r.top + frame.clientTop } })(document.querySelector(${JSON.stringify(FRAME_SELECTOR)}))`,
      )
      x += frame.x
      y += frame.y
    } else await enter(where)
    if (where === 'frame') await enter('page')
    await call(
      browser
        .action('pointer', { parameters: { pointerType: 'mouse' } })
        .move({ x: Math.round(x), y: Math.round(y), origin: 'viewport' })
        .down()
        .up()
        .perform(),
      `click ${describeTarget(where, target)}`,
    )
  }

  return {
    name: 'webkit',
    async goto(url) {
      await enter('page')
      await call(browser.url(url), `open ${url}`)
    },
    run,
    click,
    async type(where, target, text) {
      await click(where, target)
      // Element Send Keys, not key actions: MiniBrowser drops some of a quick run of key actions.
      const found = await run<Record<string, string> | null>(where, findExpression(target))
      const id = found && (found[ELEMENT_KEY] ?? found.elementId)
      if (!id) throw new Error(`WebKit: not found: ${describeTarget(where, target)}`)
      await call(browser.elementSendKeys(id, text), `type into ${describeTarget(where, target)}`)
    },
    async hasPopup() {
      return (await popupHandle()) !== undefined
    },
    async screenshot(where) {
      await enter(where)
      return Buffer.from(await call(browser.takeScreenshot(), `screenshot of ${where}`), 'base64')
    },
    async close() {
      await withTimeout(browser.deleteSession(), CALL_MS, 'WebKit: end the session').catch(() => {})
      await stopProcesses()
    },
  }
}
