import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { BrowserContext, Page } from 'playwright-core'
import type { Outcome } from './checks.ts'

const require = createRequire(import.meta.url)
const postRobot = readFileSync(require.resolve('post-robot/dist/post-robot.min.js'), 'utf8')

/**
 * Gives the context a page at `origin` without any server: the route answers it. So the suite can stand
 * in for any dApp origin an operator allows, and the frame is reached at its real address.
 */
export async function servePageAt(context: BrowserContext, origin: string): Promise<string> {
  const url = `${origin}/__keyframe_conformance__`
  await context.route(`${origin}/__keyframe_conformance__**`, (route) => {
    if (route.request().url().endsWith('/__keyframe_conformance__/post-robot.js')) {
      return route.fulfill({ contentType: 'text/javascript', body: postRobot })
    }
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Keyframe conformance</title><script src="/__keyframe_conformance__/post-robot.js"></script>',
    })
  })
  return url
}

/** Embeds the frame (or opens it as a window) and waits up to `waitMs` for READY. */
export async function embedFrame(
  page: Page,
  options: { src: string; frameOrigin: string; as: 'iframe' | 'window'; waitMs: number },
): Promise<{ ready: boolean; version?: number; ms?: number }> {
  return page.evaluate(async ({ src, frameOrigin, as, waitMs }) => {
    type PR = { on(name: string, o: object, h: (e: { data: unknown }) => unknown): unknown }
    const pr = (window as unknown as { postRobot: PR }).postRobot
    const start = performance.now()
    let target: Window
    const w = window as unknown as { kfTarget?: Window }
    if (as === 'iframe') {
      const iframe = document.createElement('iframe')
      iframe.style.display = 'none'
      document.body.append(iframe)
      target = iframe.contentWindow!
      w.kfTarget = target
      const ready = new Promise<{ ready: boolean; version?: number; ms?: number }>((resolve) => {
        // Stays installed: a RELOAD makes the frame report READY again, and the count shows it.
        const state = window as unknown as { kfReadyCount: number }
        state.kfReadyCount = 0
        pr.on('READY', { window: target, domain: frameOrigin }, (e) => {
          state.kfReadyCount += 1
          const data = e.data as { params?: { version?: number } }
          resolve({ ready: true, version: data?.params?.version, ms: performance.now() - start })
          return { ok: true }
        })
        setTimeout(() => resolve({ ready: false }), waitMs)
      })
      iframe.src = src
      return ready
    }
    target = window.open(src, '_blank')!
    w.kfTarget = target
    await new Promise((r) => setTimeout(r, waitMs))
    return { ready: false }
  }, options)
}

/** Sends one message to the embedded frame with post-robot and the exact frame origin. */
export async function send(
  page: Page,
  options: { type: string; data: unknown; frameOrigin: string; timeoutMs: number },
): Promise<Outcome> {
  return page.evaluate(async ({ type, data, frameOrigin, timeoutMs }) => {
    type PR = { send(win: Window, name: string, data: unknown, o: object): Promise<{ data: unknown }> }
    const { postRobot: pr, kfTarget } = window as unknown as { postRobot: PR; kfTarget: Window }
    const start = performance.now()
    try {
      const res = await pr.send(kfTarget, type, data, { domain: frameOrigin, timeout: timeoutMs })
      return { kind: 'reply', reply: res.data, ms: performance.now() - start } as Outcome
    } catch (error) {
      return { kind: 'none', reason: String((error as Error).message).slice(0, 120) } as Outcome
    }
  }, options)
}

/** Waits until the embedded frame has reported READY more than `seen` times (after a RELOAD). */
export async function waitForReadyCount(page: Page, seen: number, waitMs: number): Promise<boolean> {
  return page
    .waitForFunction((n) => (window as unknown as { kfReadyCount: number }).kfReadyCount > n, seen, {
      timeout: waitMs,
    })
    .then(
      () => true,
      () => false,
    )
}

export async function readyCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { kfReadyCount: number }).kfReadyCount)
}
