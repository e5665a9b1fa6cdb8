import { REQUEST_TYPES } from '@keyframe/protocol'
import type { BrowserContext, Page } from '@playwright/test'

/** A third origin and site: nothing of ours trusts it. Served by route, never by the network. */
export const HOSTILE_ORIGIN = 'http://127.0.0.2:4999'

/** Serves a page on the hostile origin. */
export async function serveHostilePage(context: BrowserContext, body = ''): Promise<void> {
  await context.route(`${HOSTILE_ORIGIN}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>hostile</title>${body}` }),
  )
}

/** `answered`: the request types the frame answered; `messagesFromFrame`: everything it sent this page. */
export type AttackResult = { answered: string[]; messagesFromFrame: unknown[] }

/**
 * From the page, sends every request type of the table to `target` (an iframe or a window it opened) as
 * well-formed wire requests with the exact frame origin, and records every message that came back from
 * the frame origin for `waitMs` (default 1.5 s), or until every request was answered. Some answers take
 * a server round trip (CONNECT_DEVICE opens the device store and asks the server): a control that expects
 * every answer should give them longer on a loaded machine.
 */
export async function sendEveryRequestType(
  page: Page,
  options: { frameOrigin: string; target: 'iframe' | 'opened'; waitMs?: number },
): Promise<AttackResult> {
  return page.evaluate(
    async ({ types, frameOrigin, target, waitMs }) => {
      let allAnswered = () => {}
      const everyAnswer = new Promise<void>((resolve) => {
        allAnswered = resolve
      })
      const sent = new Map<string, string>()
      const messagesFromFrame: unknown[] = []
      const answered = new Set<string>()
      window.addEventListener(
        'message',
        (e) => {
          if (e.origin !== frameOrigin) return
          messagesFromFrame.push(e.data)
          const rid = (e.data as { rid?: unknown })?.rid
          if (typeof rid === 'string' && sent.has(rid)) {
            answered.add(rid)
            if (answered.size === sent.size) allAnswered()
          }
        },
        true,
      )
      const w = window as unknown as { opened?: Window | null }
      const win =
        target === 'iframe'
          ? (document.querySelector('iframe') as HTMLIFrameElement).contentWindow!
          : w.opened!
      for (const type of types) {
        const id = crypto.randomUUID()
        sent.set(id, type)
        win.postMessage(
          { keyframe: 1, kind: 'request', rid: id, type, data: { v: 1, id, params: {} } },
          frameOrigin,
        )
      }
      // Any answer, however late, would count.
      await Promise.race([everyAnswer, new Promise((r) => setTimeout(r, waitMs))])
      return {
        answered: [...answered].map((rid) => sent.get(rid)!),
        messagesFromFrame,
      }
    },
    {
      types: REQUEST_TYPES as string[],
      frameOrigin: options.frameOrigin,
      target: options.target,
      waitMs: options.waitMs ?? 1500,
    },
  )
}
