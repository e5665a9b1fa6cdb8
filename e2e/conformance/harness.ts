import type { BrowserContext, Page } from 'playwright-core'
import type { Outcome } from './checks.ts'

/**
 * Gives the context a page at `origin` without any server: the route answers it. So the suite can stand
 * in for any dApp origin an operator allows, and the frame is reached at its real address.
 */
export async function servePageAt(context: BrowserContext, origin: string): Promise<string> {
  // This CLI runs under tsx, whose esbuild keepNames wraps named functions in a Node-only `__name`
  // helper; page functions get a no-op one.
  await context.addInitScript('globalThis.__name ??= (f) => f')
  const url = `${origin}/__keyframe_conformance__`
  await context.route(`${url}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Keyframe conformance</title>' }),
  )
  return url
}

/**
 * Embeds the frame (or opens it as a window), starts counting its READY events (a RELOAD makes it report
 * READY again) and waits up to `waitMs` for the first.
 */
export async function embedFrame(
  page: Page,
  options: { src: string; frameOrigin: string; as: 'iframe' | 'window'; waitMs: number },
): Promise<{ ready: boolean; version?: number; ms?: number }> {
  return page.evaluate(async ({ src, frameOrigin, as, waitMs }) => {
    const state = window as unknown as { kfTarget: () => Window | null; kfReadyCount: number }
    state.kfReadyCount = 0
    const start = performance.now()
    let iframe: HTMLIFrameElement | undefined
    let opened: Window | null = null
    state.kfTarget = () => (iframe ? iframe.contentWindow : opened)
    const ready = new Promise<{ ready: boolean; version?: number; ms?: number }>((resolve) => {
      window.addEventListener('message', (e) => {
        const m = e.data as {
          keyframe?: number
          kind?: string
          type?: string
          data?: { params?: { version?: number } }
        }
        if (
          e.origin !== frameOrigin ||
          e.source !== state.kfTarget() ||
          m?.kind !== 'event' ||
          m.type !== 'READY'
        )
          return
        state.kfReadyCount += 1
        resolve({ ready: true, version: m.data?.params?.version, ms: performance.now() - start })
      })
      setTimeout(() => resolve({ ready: false }), waitMs)
    })
    if (as === 'iframe') {
      iframe = document.createElement('iframe')
      iframe.style.display = 'none'
      iframe.src = src
      document.body.append(iframe)
    } else {
      opened = window.open(src, '_blank')
    }
    return ready
  }, options)
}

/**
 * Sends one wire request to the embedded frame with the exact frame origin and waits for its reply, or for the
 * frame's own prompt (a code or a passphrase only a person can type): then the request is aborted by id, which
 * closes the prompt, and the outcome says what it asked for.
 */
export async function send(
  page: Page,
  options: {
    type: string
    data: unknown
    frameOrigin: string
    timeoutMs: number
    /**
     * For a request that waits for a person outside the frame: with no reply by then it is aborted by id, and
     * the outcome is `waited` with the code it answered (within `timeoutMs` in all).
     */
    abortAfterMs?: number
  },
): Promise<Outcome> {
  return page.evaluate(async ({ type, data, frameOrigin, timeoutMs, abortAfterMs }) => {
    const { kfTarget } = window as unknown as { kfTarget: () => Window | null }
    const target = kfTarget()
    if (!target) return { kind: 'none', reason: 'no frame window' } as Outcome
    const rid = crypto.randomUUID()
    const start = performance.now()
    return new Promise<Outcome>((resolve) => {
      const onMessage = (e: MessageEvent) => {
        const m = e.data as { kind?: string; rid?: string; type?: string; data?: unknown }
        if (e.origin !== frameOrigin || e.source !== target) return
        if (m?.kind === 'event' && m.type === 'PROMPT_REQUESTED') {
          window.removeEventListener('message', onMessage)
          const id = (data as { id?: unknown })?.id
          const abort = { v: 1, id: crypto.randomUUID(), params: { id: typeof id === 'string' ? id : rid } }
          target.postMessage(
            { keyframe: 1, kind: 'request', rid: abort.id, type: 'RPC_ABORT', data: abort },
            frameOrigin,
          )
          const asked = (m.data as { params?: { kind?: string } })?.params?.kind ?? 'unknown'
          return resolve({ kind: 'prompt', prompt: asked, ms: performance.now() - start })
        }
        if (m?.kind !== 'reply' || m.rid !== rid) return
        window.removeEventListener('message', onMessage)
        const ms = performance.now() - start
        if (abortSent) {
          const error = (m.data as { error?: { code?: number } })?.error
          return resolve({ kind: 'waited', code: error?.code, ms })
        }
        resolve({ kind: 'reply', reply: m.data as never, ms })
      }
      let abortSent = false
      if (abortAfterMs !== undefined)
        setTimeout(() => {
          abortSent = true
          const id = (data as { id?: unknown })?.id
          const abort = { v: 1, id: crypto.randomUUID(), params: { id: typeof id === 'string' ? id : rid } }
          target.postMessage(
            { keyframe: 1, kind: 'request', rid: abort.id, type: 'RPC_ABORT', data: abort },
            frameOrigin,
          )
        }, abortAfterMs)
      window.addEventListener('message', onMessage)
      setTimeout(() => {
        window.removeEventListener('message', onMessage)
        resolve({ kind: 'none', reason: `no reply in ${timeoutMs} ms` })
      }, timeoutMs)
      target.postMessage({ keyframe: 1, kind: 'request', rid, type, data }, frameOrigin)
    })
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
