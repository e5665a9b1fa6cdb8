/**
 * A small typed event emitter: what connectors and the embedded provider tell their listeners (the core,
 * the dApp's library). One listener's exception does not keep the event from the others.
 * @module
 */

// biome-ignore lint/suspicious/noExplicitAny: listener parameters differ per event; each event's type is exact.
type EventMap = Record<string, (...args: any[]) => void>

export type Emitter<E extends EventMap> = {
  /** Adds `listener`. Returns its removal. */
  on<K extends keyof E>(event: K, listener: E[K]): () => void
  off<K extends keyof E>(event: K, listener: E[K]): void
  emit<K extends keyof E>(event: K, ...args: Parameters<E[K]>): void
  /** Drops every listener. */
  clear(): void
}

export function createEmitter<E extends EventMap>(): Emitter<E> {
  const listeners = new Map<keyof E, Set<E[keyof E]>>()
  const off = <K extends keyof E>(event: K, listener: E[K]) => void listeners.get(event)?.delete(listener)
  return {
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener)
      return () => off(event, listener)
    },
    off,
    emit(event, ...args) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(...args)
        } catch (error) {
          // Reported, as an uncaught error would be, after the other listeners heard the event.
          queueMicrotask(() => {
            throw error
          })
        }
      }
    },
    clear: () => listeners.clear(),
  }
}
