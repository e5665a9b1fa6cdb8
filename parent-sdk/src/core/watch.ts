import type { Keyframe } from './createKeyframe.ts'
import { defineRuntime } from './runtime.ts'

/**
 * Calls `onChange` when `select(kf)` returns a different value (by identity). Selectors are expected to
 * return the same object while the fields they read are unchanged. Returns the unsubscribe.
 */
export function watchSelected<T>(
  kf: Keyframe,
  select: (kf: Keyframe) => T,
  onChange: (value: T, previous: T) => void,
): () => void {
  let previous = select(kf)
  return kf.subscribe(() => {
    const next = select(kf)
    if (Object.is(next, previous)) return
    const before = previous
    previous = next
    onChange(next, before)
  })
}

/** Remembers the last value derived for each instance (on the instance), so readers return stable objects. */
export function memoPerInstance<T extends object>(
  derive: (kf: Keyframe) => T,
  equal: (a: T, b: T) => boolean,
): (kf: Keyframe) => T {
  const LAST = defineRuntime<{ value: T | undefined }>('memo', () => ({ value: undefined }))
  return (kf) => {
    const next = derive(kf)
    const last = kf._internal.runtime(LAST)
    if (last.value && equal(last.value, next)) return last.value
    last.value = next
    return next
  }
}
