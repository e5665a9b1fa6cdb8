import type { Expectation } from '@keyframe/protocol/vectors'

/**
 * What came back from the frame for one request: a reply, the frame's own prompt (PROMPT_REQUESTED: the
 * request passed validation and waits for a person to type a code or a passphrase in the frame), or nothing
 * within the wait.
 */
export type Outcome =
  | {
      kind: 'reply'
      reply: { ok: boolean; result?: unknown; error?: { code: number; message: string } }
      ms: number
    }
  | { kind: 'prompt'; prompt: string; ms: number }
  /**
   * No reply while it waited for a person outside the frame (a Farcaster app signing in); aborted by id, it
   * answered with `code` (the abort's) after `ms`.
   */
  | { kind: 'waited'; code: number | undefined; ms: number }
  | { kind: 'none'; reason: string }

const VALIDATION_CODES = new Set([-32600, -32602])
/** ErrorCode.aborted: what a request answers once RPC_ABORT names it. */
const ABORTED = -32040

/**
 * Compares a frame's reply with a vector's expectation. A valid vector only has to pass validation: the
 * feature behind it may not have landed yet (4200 'not available') or need a session (4100).
 */
export function judge(outcome: Outcome, expect: Expectation): string | undefined {
  if (outcome.kind === 'none') return `no reply (${outcome.reason})`
  if (outcome.kind === 'waited') {
    if (!expect.ok) return `waited instead of refusing with ${expect.code}`
    return outcome.code === ABORTED ? undefined : `aborted, it answered ${outcome.code} instead of ${ABORTED}`
  }
  if (outcome.kind === 'prompt') {
    return expect.ok
      ? undefined
      : `asked the person (${outcome.prompt}) instead of refusing with ${expect.code}`
  }
  const { reply } = outcome
  if (expect.ok) {
    if (reply.ok) return undefined
    const { code, message } = reply.error!
    if (VALIDATION_CODES.has(code) || /^Requested RPC call is not allowed\b/.test(message)) {
      return `refused a valid request: ${code} ${message}`
    }
    return undefined
  }
  if (reply.ok) return `accepted an invalid request (expected ${expect.code})`
  if (reply.error!.code !== expect.code)
    return `code ${reply.error!.code} (${reply.error!.message}), expected ${expect.code}`
  if (expect.message !== undefined && reply.error!.message !== expect.message) {
    return `message "${reply.error!.message}", expected "${expect.message}"`
  }
  return undefined
}
