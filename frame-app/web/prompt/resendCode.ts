/**
 * 'Resend code' in the frame's code prompt, counting down the e-mail cooldown ('Resend code in {n}s', spec
 * §5: 30 s). It stays focusable while counting (aria-disabled, not disabled, so keyboard focus is not lost);
 * pressed then, it reports the spec's refusal, 'Please try again after {n} seconds'.
 * @module
 */
import { EmailCooldownError } from '@keyframe/protocol/core'

export type ResendCode = {
  readonly button: HTMLButtonElement
  /** Stops the countdown's timer (the prompt is going away). */
  stop(): void
}

export type CreateResendCodeParameters = {
  document: Document
  /** When the code on its way was sent (ms since the epoch): the countdown runs from there. */
  sentAt: number
  cooldownMs: number
  /** Mails a new code; rejects with the server's refusal. */
  resend(): Promise<void>
  /** A new code is on its way (the prompt clears the boxes and says so). */
  onSent(): void
  /** The refusal to show, in the spec's words. */
  onError(message: string): void
  now?: () => number
}

export function createResendCode(parameters: CreateResendCodeParameters): ResendCode {
  const { document: doc, cooldownMs, resend, onSent, onError, now = Date.now } = parameters
  const win = doc.defaultView
  let sentAt = parameters.sentAt
  let busy = false
  let timer: number | undefined
  const button = doc.createElement('button')
  button.type = 'button'
  button.className = 'kfp-link'
  button.addEventListener('click', () => void press())

  const secondsLeft = () => Math.max(0, Math.ceil((sentAt + cooldownMs - now()) / 1000))

  function draw() {
    const seconds = secondsLeft()
    button.textContent = seconds > 0 ? `Resend code in ${seconds}s` : 'Resend code'
    if (seconds > 0 || busy) button.setAttribute('aria-disabled', 'true')
    else button.removeAttribute('aria-disabled')
    if (seconds === 0) stopTimer()
  }

  function count() {
    stopTimer()
    draw()
    if (secondsLeft() > 0) timer = win?.setInterval(draw, 1000)
  }

  function stopTimer() {
    if (timer !== undefined) win?.clearInterval(timer)
    timer = undefined
  }

  async function press() {
    if (busy) return
    const seconds = secondsLeft()
    if (seconds > 0) return onError(new EmailCooldownError(seconds).message)
    busy = true
    draw()
    try {
      await resend()
      sentAt = now()
      onSent()
    } catch (error) {
      onError(error instanceof Error && error.message ? error.message : 'Something went wrong')
    } finally {
      busy = false
      count()
    }
  }

  count()
  return { button, stop: stopTimer }
}
