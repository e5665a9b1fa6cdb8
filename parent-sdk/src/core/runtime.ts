/**
 * What an instance keeps that is not state (run counters, timers, pending requests, a client): each module's
 * runtime lives on the instance (`kf._internal.runtime(KEY)`), made on first use, and what must end with the
 * instance registers a teardown (`kf._internal.onDestroy`) that `destroy()` runs. State that someone reads
 * belongs in the store (`store.ts`), not here.
 * @module
 */
import type { Keyframe } from './createKeyframe.ts'

/** A module's per-instance runtime: `make` builds it for an instance on first use. */
export type RuntimeKey<T> = { readonly name: string; readonly make: (kf: Keyframe) => T }

/** Declares a module's per-instance runtime. */
export function defineRuntime<T>(name: string, make: (kf: Keyframe) => T): RuntimeKey<T> {
  return Object.freeze({ name, make })
}

/** One instance's runtimes and teardowns. */
export type InstanceRuntime = {
  runtime<T>(kf: Keyframe, key: RuntimeKey<T>): T
  /** Registers `teardown` for `destroy()`; after it, runs it at once. Returns the unregister. */
  onDestroy(teardown: () => void): () => void
  /** Runs every teardown once, newest first; one that throws does not stop the others. */
  destroy(): void
}

export function createInstanceRuntime(): InstanceRuntime {
  const runtimes = new Map<RuntimeKey<unknown>, unknown>()
  const teardowns = new Set<() => void>()
  let destroyed = false
  return {
    runtime<T>(kf: Keyframe, key: RuntimeKey<T>): T {
      if (runtimes.has(key)) return runtimes.get(key) as T
      const value = key.make(kf)
      runtimes.set(key, value)
      return value
    },
    onDestroy(teardown) {
      if (destroyed) {
        teardown()
        return () => {}
      }
      // A wrapper per registration: the same function registered twice runs twice.
      const entry = () => teardown()
      teardowns.add(entry)
      return () => void teardowns.delete(entry)
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      const all = [...teardowns].reverse()
      teardowns.clear()
      for (const teardown of all) {
        try {
          teardown()
        } catch (error) {
          // Reported as an uncaught error would be, once the other teardowns have run.
          queueMicrotask(() => {
            throw error
          })
        }
      }
    },
  }
}
