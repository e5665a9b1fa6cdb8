import * as z from 'zod/mini'
import { loginProvider } from '../frame-api/login.ts'
import { accountAddress, caip2, requestId } from '../schemas/common.ts'

/** Events the frame sends on its own (no correlation id). A second table, apart from requests. */
export const events = {
  /** The frame can serve requests. `version` is the protocol version it speaks. */
  READY: z.object({
    version: z.int().check(z.positive()),
    /** The logins besides e-mail the project turned on (its frame server's config), in no order. */
    logins: z.optional(z.array(loginProvider)),
  }),
  /** A session changed. The token identifies it to the parent and grants nothing by itself. */
  SESSION_UPDATE: z.object({ token: z.string().check(z.maxLength(512)) }),
  ACCOUNTS_CHANGED: z.object({ accounts: z.array(accountAddress) }),
  CHAIN_CHANGED: z.object({ chainId: caip2 }),
  /** An unsafe request waits for the person: the parent shows the frame in its ApproveTransaction view. */
  APPROVAL_REQUESTED: z.object({ id: requestId, method: z.string() }),
  /** The approval screen has been visible long enough for its button to work. */
  APPROVAL_VISIBLE: z.object({ id: requestId }),
  /** The approval of request `id` is over (approved, rejected or timed out): the parent parks the frame. */
  APPROVAL_CLOSED: z.object({ id: requestId }),
  DISCONNECTED: z.object({}),
  /**
   * The frame needs the person to type something only the frame may see: a recovery passphrase, the mailed
   * code that confirms it is the person (`enter_code`, a fresh factor), the login code (`login_code`, CONNECT_OTP)
   * or an e-mail update's codes (`current_email_code`, `new_email_code`). The parent shows the frame in its
   * FramePrompt view and stops timing the requests in flight: the person is acting. Sent again when the
   * open prompt asks for something else (a login code, then a new wallet's passphrase).
   */
  PROMPT_REQUESTED: z.object({
    kind: z.enum([
      'create_passphrase',
      'enter_passphrase',
      'enter_code',
      'login_code',
      'current_email_code',
      'new_email_code',
    ]),
  }),
  /** The prompt is answered or given up; the parent parks the frame and times its requests again. */
  PROMPT_CLOSED: z.object({}),
} as const

export type Events = typeof events
export type EventType = keyof Events
export type EventPayload<T extends EventType> = z.output<Events[T]>

export const EVENT_TYPES = Object.keys(events) as EventType[]

export function isEventType(type: unknown): type is EventType {
  return typeof type === 'string' && Object.hasOwn(events, type)
}
