/**
 * A fresh factor in the middle of a signature. The server releases an auth share for a signing unlock only
 * within 15 minutes of the session's last fresh factor (SECURITY.md §1); once the frame's cached share is
 * gone (a reload, 15 idle minutes) an older login would have to log in again. Instead the frame mails a
 * code to the session's address (`POST /api/session/factor`), asks for it in its own prompt (the dApp sees
 * nothing typed) and has the server check it (`POST /api/session/factor/verify`), which makes the session's
 * factor fresh again; then the signature goes on.
 * @module
 */
import { RefusedError } from '@keyframe/protocol/core'
import type { AccountServices, Session } from '../bridge/context.ts'

/** The server's refusal of a wrong code (`server/auth/refusals.ts`): the only one worth typing again for. */
const WRONG_CODE = 'invalid_code'

export type WithFreshFactorParameters = {
  account: Pick<AccountServices, 'api' | 'prompt'>
  /** Whose address the code goes to (shown masked in the prompt). */
  session: Pick<Session, 'email'>
  /** The request's: aborting closes the prompt and rejects with RequestAbortedError. */
  signal?: AbortSignal
}

/**
 * Mails a code, asks for it until the server accepts one, then runs `then` (the signature it was for) with
 * the prompt still up and busy, so the frame does not flash back to the approval; the prompt closes after.
 * @throws UserRejectedRequestError (4001) when the person cancels: `then` does not run.
 * @throws EmailCooldownError / RefusedError with the server's wording when no code can be mailed now
 *   (cooldown, hourly limit) or the code can no longer be used (expired, too many wrong tries).
 * @throws RequestAbortedError when `signal` aborts.
 */
export async function withFreshFactor<T>(
  parameters: WithFreshFactorParameters,
  then: () => Promise<T>,
): Promise<T> {
  const { account, session, signal } = parameters
  const options = signal ? { signal } : {}
  // The code is on its way before the prompt appears: the person should not wait for the mail twice.
  await account.api.call<{ action: 'VERIFY_OTP' }>('POST', '/api/session/factor', options)
  const prompt = await account.prompt()
  try {
    const sentTo = maskEmail(session.email)
    let error: string | undefined
    for (;;) {
      const otp = await prompt.ask('enter_code', {
        sentTo,
        ...(error !== undefined && { error }),
        ...options,
      })
      try {
        await account.api.call('POST', '/api/session/factor/verify', { body: { otp }, ...options })
        break
      } catch (refusal) {
        if (!(refusal instanceof RefusedError && refusal.reason === WRONG_CODE)) throw refusal
        error = refusal.message
      }
    }
    return await then()
  } finally {
    prompt.close()
  }
}

/**
 * The address as the prompt shows it: enough for the person to know which mailbox, not the whole address
 * for anyone looking over their shoulder. `ada.lovelace@example.com` → `a•••@example.com`.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return email
  return `${email[0]}•••${email.slice(at)}`
}
