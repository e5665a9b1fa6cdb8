/**
 * Asks for a mailed code in the frame's prompt until the server accepts one: the login code, an e-mail
 * update's codes, a fresh factor. A refused code is asked for again with the server's
 * words under the boxes (the digits stay, to be fixed in place).
 * @module
 */
import { RefusedError } from '@keyframe/protocol/core'
import type { AskOptions, PassphrasePrompt, PromptKind } from './passphrasePrompt.ts'

/** The server's refusal of a wrong code (`server/auth/refusals.ts`): always worth typing again for. */
const WRONG_CODE = 'invalid_code'

export type AskForCodeParameters<T> = Pick<AskOptions, 'sentTo' | 'sentAt' | 'resend' | 'signal'> & {
  kind: Extract<PromptKind, 'enter_code' | 'login_code' | 'current_email_code' | 'new_email_code'>
  /** Sends the code to the server; rejects with its refusal. */
  verify(code: string): Promise<T>
}

/**
 * Resolves with what `verify` returned for the first accepted code; the prompt stays up, busy, for the
 * caller to close. With `resend`, every refusal (expired, used, too many tries) is shown in the prompt,
 * where 'Resend code' gets a new one; without, only a wrong code is, and other refusals reject.
 * @throws UserRejectedRequestError (4001) when the person cancels.
 * @throws RequestAbortedError when `signal` aborts.
 */
export async function askForCode<T>(
  prompt: Pick<PassphrasePrompt, 'ask'>,
  parameters: AskForCodeParameters<T>,
): Promise<T> {
  const { kind, verify, ...options } = parameters
  let error: string | undefined
  for (;;) {
    const code = await prompt.ask(kind, { ...options, ...(error !== undefined && { error }) })
    try {
      return await verify(code)
    } catch (refusal) {
      const shown = refusal instanceof RefusedError && (refusal.reason === WRONG_CODE || options.resend)
      if (!shown) throw refusal
      error = refusal.message
    }
  }
}
