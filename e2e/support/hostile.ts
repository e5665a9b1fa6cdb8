import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { REQUEST_TYPES } from '@keyframe/protocol'
import type { BrowserContext, Page } from '@playwright/test'

const require = createRequire(import.meta.url)
/** post-robot's browser build, for pages that must speak the protocol from outside. */
export const postRobotPath = require.resolve('post-robot/dist/post-robot.min.js')
const postRobotSource = readFileSync(postRobotPath, 'utf8')

/** A third origin and site: nothing of ours trusts it. Served by route, never by the network. */
export const HOSTILE_ORIGIN = 'http://127.0.0.2:4999'

/** Serves a page on the hostile origin that carries post-robot, so it speaks the protocol as a dApp would. */
export async function serveHostilePage(context: BrowserContext, body = ''): Promise<void> {
  await context.route(`${HOSTILE_ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname
    if (path === '/post-robot.js') {
      return route.fulfill({ contentType: 'text/javascript', body: postRobotSource })
    }
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>hostile</title><script src="/post-robot.js"></script>${body}`,
    })
  })
}

export type AttackResult = { answered: string[]; refused: number; messagesFromFrame: string[] }

/**
 * From the page, sends every request type of the table to `target` (an iframe or a window it opened)
 * with well-formed envelopes, and records every answer and every message that came from the frame origin.
 */
export async function sendEveryRequestType(
  page: Page,
  options: { frameOrigin: string; target: 'iframe' | 'opened' },
): Promise<AttackResult> {
  return page.evaluate(
    async ({ types, frameOrigin, target }) => {
      const messagesFromFrame: string[] = []
      window.addEventListener(
        'message',
        (e) => {
          if (e.origin === frameOrigin)
            messagesFromFrame.push(typeof e.data === 'string' ? e.data : JSON.stringify(e.data))
        },
        true,
      )
      const w = window as unknown as {
        postRobot: { send(win: Window, name: string, data: unknown, o: object): Promise<unknown> }
        opened?: Window | null
      }
      const win =
        target === 'iframe'
          ? (document.querySelector('iframe') as HTMLIFrameElement).contentWindow!
          : w.opened!
      const answered: string[] = []
      let refused = 0
      await Promise.all(
        types.map((type) =>
          w.postRobot
            .send(
              win,
              type,
              { v: 1, id: crypto.randomUUID(), params: {} },
              { domain: frameOrigin, timeout: 3000 },
            )
            .then(
              () => answered.push(type),
              () => {
                refused += 1
              },
            ),
        ),
      )
      // Late answers would still count.
      await new Promise((r) => setTimeout(r, 500))
      return { answered, refused, messagesFromFrame }
    },
    { types: REQUEST_TYPES as string[], frameOrigin: options.frameOrigin, target: options.target },
  )
}
