import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import type { Keyframe } from '../core/createKeyframe.ts'
import type { Watch } from '../react/useWatched.ts'

/**
 * Reads one piece of Keyframe state and renders again when it changes: the modal's Preact twin of
 * `react/useWatched.ts`. The core's readers return the same object until a field changes, so a change is
 * `!==`; one missed between render and subscribe is caught as the subscription starts.
 */
export function useWatched<T>(kf: Keyframe, watch: Watch, get: (kf: Keyframe) => T): T {
  const value = get(kf)
  const rendered = useRef(value)
  rendered.current = value
  const [, setTick] = useState(0)
  useLayoutEffect(() => {
    const onChange = () => {
      if (get(kf) !== rendered.current) setTick((n) => n + 1)
    }
    onChange()
    return watch(kf, { onChange })
  }, [kf, watch, get])
  return value
}
