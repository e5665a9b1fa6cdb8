import { useCallback, useEffect, useRef, useState } from 'react'
import type { Keyframe } from '../core/createKeyframe.ts'
import { emailCooldownSeconds } from '../core/loginCache.ts'

/**
 * A signal that aborts when the view goes away (the modal closed, the person went back), so its pending
 * frame requests end and late answers do not move a modal that is no longer there. Read it when a request
 * starts, after the view mounted.
 */
export function useViewSignal(): () => AbortSignal {
  const controller = useRef<AbortController | null>(null)
  useEffect(() => {
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
  useEffect(() => {
    if (!counting) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [counting])
  return { seconds, refresh: useCallback(() => setNow(Date.now()), []) }
}
