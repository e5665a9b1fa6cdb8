import { InvalidRequestError } from '@keyframe/protocol'

/** The in-frame requests still running, by request id, so RPC_ABORT and teardown can stop them. */
export type AbortRegistry = {
  /**
   * Starts tracking request `id` and returns its controller.
   * @throws InvalidRequestError (-32600) when a request with this id is still running.
   */
  register(id: string): AbortController
  /** Stops tracking `id` (only if `controller` is still the one registered for it). */
  release(id: string, controller: AbortController): void
  /** Aborts request `id`; false when no such request is running. */
  abort(id: string, reason?: unknown): boolean
  /** Aborts every running request (teardown). */
  abortAll(reason?: unknown): void
  /** How many requests are running. */
  readonly size: number
}

export function createAbortRegistry(): AbortRegistry {
  const pending = new Map<string, AbortController>()
  return {
    register(id) {
      if (pending.has(id)) throw new InvalidRequestError(`Duplicate request id: ${id}`)
      const controller = new AbortController()
      pending.set(id, controller)
      return controller
    },
    release(id, controller) {
      if (pending.get(id) === controller) pending.delete(id)
    },
    abort(id, reason) {
      const controller = pending.get(id)
      if (!controller) return false
      pending.delete(id)
      controller.abort(reason)
      return true
    },
    abortAll(reason) {
      const controllers = [...pending.values()]
      pending.clear()
      for (const controller of controllers) controller.abort(reason)
    },
    get size() {
      return pending.size
    },
  }
}
