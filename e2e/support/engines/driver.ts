/**
 * One small driver over the two non-Chromium engines the e2e runs (Firefox ESR through puppeteer-core over
 * WebDriver BiDi, WebKitGTK through webdriverio over WebDriver classic): enough to act as a person on the
 * demo dApp, in the Keyframe frame inside it and in the frame's approval popup. Elements are found by a
 * script in the page (through shadow roots: the modal lives in one) and pressed or typed into with the
 * driver's real input, so the documents see trusted events. Every call has a time limit: a hung driver
 * fails the test instead of holding CI.
 * @module
 */

/** Where an action happens: the dApp's page, the Keyframe frame in it, or the frame's approval popup. */
export type Where = 'page' | 'frame' | 'popup'

/** An element as a person finds it: what it is (CSS) and, optionally, its accessible name. */
export type Target = { css: string; name?: string | RegExp }

export type EngineName = 'firefox' | 'webkit'

export type EngineDriver = {
  readonly name: EngineName
  goto(url: string): Promise<void>
  /** Evaluates the JS `expression` in `where` (a promise is awaited) and returns its JSON value. */
  run<R>(where: Where, expression: string): Promise<R>
  /** Presses the element with the driver's real pointer input. */
  click(where: Where, target: Target): Promise<void>
  /** Types `text` into the element with real key presses. */
  type(where: Where, target: Target, text: string): Promise<void>
  /** Whether the approval popup is open. */
  hasPopup(): Promise<boolean>
  /** A PNG of what `where` shows (its window's viewport). */
  screenshot(where: Exclude<Where, 'frame'>): Promise<Buffer>
  close(): Promise<void>
}

/** The iframe the SDK creates (`parent-sdk/src/frame/createIframe.ts`). */
export const FRAME_SELECTOR = 'iframe[title="Keyframe wallet"]'
/** The popup's path on the frame origin (`frame-app/web/popup/launcher.ts`). */
export const POPUP_PATH = '/approve'

/** Rejects with a message naming `what` when `promise` takes longer than `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms: ${what}`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Finds a shown element matching `target` in the document, shadow roots included; null when there is none.
 * Runs in the browser: it must not use anything outside itself. A name is matched against the element's
 * `aria-label`, its label's text, or its own text (trimmed).
 */
export function findElement(target: { css: string; name?: string; pattern?: string }): Element | null {
  const all: Element[] = []
  const walk = (root: Document | ShadowRoot) => {
    for (const element of root.querySelectorAll('*')) {
      all.push(element)
      if (element.shadowRoot) walk(element.shadowRoot)
    }
  }
  walk(document)
  const names = (element: Element) => {
    const labels = (element as HTMLInputElement).labels
    return [
      element.getAttribute('aria-label'),
      ...(labels ? [...labels].map((label) => label.textContent) : []),
      element.textContent,
    ].map((name) => (name ?? '').trim())
  }
  const pattern = target.pattern === undefined ? undefined : new RegExp(target.pattern)
  const named = (element: Element) =>
    (target.name === undefined && pattern === undefined) ||
    names(element).some((name) => name === target.name || pattern?.test(name) === true)
  return (
    all.find(
      (element) => element.matches(target.css) && element.getClientRects().length > 0 && named(element),
    ) ?? null
  )
}

/** The expression that calls `fn` (self-contained: it runs in the browser) with `arg`. */
export function callExpression(fn: (arg: never) => unknown, arg: unknown): string {
  // Transpilers that keep function names (esbuild's keepNames, under tsx) wrap inner functions in a
  // `__name(fn, "name")` helper that only exists in Node: the browser gets one that changes nothing.
  return `((__name) => (${fn.toString()})(${JSON.stringify(arg)}))((f) => f)`
}

/** Runs the self-contained `fn(arg)` in `where`. */
export function evaluate<A, R>(
  driver: EngineDriver,
  where: Where,
  fn: (arg: A) => R | Promise<R>,
  arg: A,
): Promise<R> {
  return driver.run<R>(where, callExpression(fn, arg))
}

/** The expression whose value is the element {@link findElement} finds for `target`. */
export function findExpression(target: Target): string {
  return callExpression(findElement, wireTarget(target))
}

/**
 * The expression whose value is the centre of `target`'s element in its document's viewport, after
 * scrolling it into view; null when it is not there.
 */
export function centreExpression(target: Target): string {
  return `((element) => {
    if (!element) return null
    element.scrollIntoView({ block: 'center', inline: 'center' })
    const rect = element.getBoundingClientRect()
    return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 }
  })(${findExpression(target)})`
}

/** `target` as {@link findElement} takes it across the wire (a RegExp is not JSON). */
export function wireTarget(target: Target): { css: string; name?: string; pattern?: string } {
  return target.name instanceof RegExp
    ? { css: target.css, pattern: target.name.source }
    : { css: target.css, ...(target.name !== undefined && { name: target.name }) }
}

const describe = (where: Where, target: Target) => `${where}: ${target.css} ${String(target.name ?? '')}`

/** Polls `check` until it returns a value other than undefined, null or false, for at most `ms`. */
export async function waitUntil<T>(
  check: () => Promise<T | undefined | null | false>,
  ms: number,
  what: string,
): Promise<T> {
  const until = Date.now() + ms
  let last: unknown
  for (;;) {
    try {
      const value = await withTimeout(check(), Math.max(1_000, until - Date.now()), what)
      if (value !== undefined && value !== null && value !== false) return value
    } catch (error) {
      last = error
    }
    if (Date.now() >= until) throw new Error(`Timed out after ${ms} ms waiting for ${what}`, { cause: last })
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Waits until `target` is shown in `where`. */
export function waitFor(driver: EngineDriver, where: Where, target: Target, ms = 15_000): Promise<true> {
  return waitUntil(
    () => driver.run<boolean>(where, `${findExpression(target)} !== null`),
    ms,
    describe(where, target),
  )
}

/** Waits until `target` is shown and usable (not `disabled`, not `aria-disabled="true"`). */
export function waitForUsable(driver: EngineDriver, where: Where, target: Target, ms = 15_000) {
  return waitUntil(
    () =>
      driver.run<boolean>(
        where,
        `${findExpression(target)}?.matches(':not(:disabled):not([aria-disabled="true"])') === true`,
      ),
    ms,
    `${describe(where, target)} usable`,
  )
}

export { describe as describeTarget }
