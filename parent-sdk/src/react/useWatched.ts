import { useCallback, useSyncExternalStore } from 'react'
import type { Keyframe } from '../core/createKeyframe.ts'

/** A watcher of the core: `watchX(kf, { onChange })` returning its unsubscribe. */
export type Watch = (kf: Keyframe, parameters: { onChange(): void }) => () => void

/**
 * Reads one piece of Keyframe state and re-renders when it changes:
 * `useSyncExternalStore(watchX, getX, getX)` over the core's reader and watcher (the reader runs on the
 * server too, so server and client render the same first frame).
 */
export function useWatched<T>(kf: Keyframe, watch: Watch, get: (kf: Keyframe) => T): T {
  const subscribe = useCallback((onChange: () => void) => watch(kf, { onChange }), [kf, watch])
  const read = () => get(kf)
  return useSyncExternalStore(subscribe, read, read)
}
