/**
 * Social login tickets this frame's own server hands it directly: the callback page in the login popup posts
 * `{ type: SOCIAL_TICKET_MESSAGE, ticket }` to the frames of the frame's origin inside its opener, and the
 * message guard passes same-origin messages here only. A ticket never passes through the dApp page, which
 * could otherwise give a person's ticket to a frame elsewhere that started the flow (SECURITY.md §0): here a
 * ticket is redeemed only by this frame's device key, which the server checks against the flow's.
 * In the frame's first script (the guard needs it before anything else listens), so no schema: a shape check.
 * @module
 */
import { SOCIAL_TICKET_MESSAGE } from '@keyframe/protocol/core'

const TICKET = /^[A-Za-z0-9_-]{43}$/
/** A ticket lives 60 s on the server; one older than that is not worth a request. */
const KEEP_MS = 60_000

export type SocialInbox = {
  /** The guard's hook: keeps `data`'s ticket if it is a well-formed ticket message. */
  receive(data: unknown): void
  /**
   * The newest ticket, taken once; waits up to `waitMs` for one (the popup posts it just before it tells the
   * parent, so it is usually here already). Undefined when none came or the signal aborted.
   */
  take(signal: AbortSignal, waitMs: number): Promise<string | undefined>
}

export function createSocialInbox(now: () => number = Date.now): SocialInbox {
  let kept: { ticket: string; at: number } | undefined
  let wake: (() => void) | undefined
  const fresh = () => (kept && now() - kept.at < KEEP_MS ? kept.ticket : undefined)
  return {
    receive(data) {
      if (typeof data !== 'object' || data === null) return
      const { type, ticket } = data as { type?: unknown; ticket?: unknown }
      if (type !== SOCIAL_TICKET_MESSAGE || typeof ticket !== 'string' || !TICKET.test(ticket)) return
      kept = { ticket, at: now() }
      wake?.()
    },
    async take(signal, waitMs) {
      if (!fresh() && !signal.aborted)
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer)
            signal.removeEventListener('abort', done)
            wake = undefined
            resolve()
          }
          const timer = setTimeout(done, waitMs)
          signal.addEventListener('abort', done, { once: true })
          wake = done
        })
      const ticket = signal.aborted ? undefined : fresh()
      if (ticket) kept = undefined
      return ticket
    },
  }
}
