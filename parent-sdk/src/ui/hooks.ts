import type { TargetedSubmitEvent } from 'preact'
import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks'
import type { Keyframe } from '../core/createKeyframe.ts'
import { emailCooldownSeconds } from '../core/loginCache.ts'
import { errorText } from './errorText.ts'

/**
 * A signal that aborts when the view goes away (the modal closed, the person went back), so its pending
 * frame requests end and late answers do not move a modal that is no longer there. Read it when a request
 * starts, after the view mounted.
 */
export function useViewSignal(): () => AbortSignal {
  const controller = useRef<AbortController | null>(null)
  useLayoutEffect(() => {
    const current = new AbortController()
    controller.current = current
    return () => current.abort()
  }, [])
  return useCallback(() => {
    controller.current ??= new AbortController()
    return controller.current.signal
  }, [])
}

/**
 * Seconds left of the e-mail cooldown (SPEC §5), counting down once a second while above zero. `refresh()`
 * reads it again (after a code was sent).
 */
export function useEmailCooldown(kf: Keyframe): { seconds: number; refresh(): void } {
  const [now, setNow] = useState(() => Date.now())
  const seconds = emailCooldownSeconds(kf._internal.storage, now)
  const counting = seconds > 0
  useLayoutEffect(() => {
    if (!counting) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [counting])
  return { seconds, refresh: useCallback(() => setNow(Date.now()), []) }
}

/**
 * The submit of a one-field e-mail form: the busy flag, the error shown in the spec's words, the view's abort
 * signal, and focus back in the field after a failure. `run` gets the trimmed address and the signal.
 */
export function useEmailForm(run: (email: string, signal: AbortSignal) => Promise<void>) {
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const viewSignal = useViewSignal()

  async function onSubmit(event: TargetedSubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const signal = viewSignal()
    setBusy(true)
    setError(undefined)
    try {
      await run(input.current?.value.trim() ?? '', signal)
    } catch (cause) {
      if (signal.aborted) return
      setError(errorText(cause))
      input.current?.focus()
    } finally {
      if (!signal.aborted) setBusy(false)
    }
  }

  return { input, error, busy, onSubmit, clearError: () => setError(undefined) }
}
