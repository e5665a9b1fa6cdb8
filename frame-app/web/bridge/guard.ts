/** The capture-phase message filter the frame installs before post-robot loads. */
export type Guard = {
  /** Lets messages from `parent` at exactly `origin` through. Until then every message is dropped. */
  pin(origin: string): void
  /** Removes the listener (tests, teardown). */
  uninstall(): void
}

/**
 * Installs a capture-phase `message` listener on `target` (the frame's window) that stops every message whose
 * `source` is not `parent` or whose `origin` is not the pinned parent origin, before any other listener can see
 * it. post-robot by itself acks and answers any sender ("No handler found…"), so it must load after this:
 * a hostile page then gets no answer at all (SECURITY.md §3). Until {@link Guard.pin} is called (and forever if
 * the frame may not start) everything is dropped.
 */
export function installGuard(target: EventTarget, parent: unknown): Guard {
  let pinned: string | null = null
  const listener = (event: Event) => {
    const message = event as MessageEvent
    if (pinned !== null && message.source === parent && message.origin === pinned) return
    event.stopImmediatePropagation()
  }
  target.addEventListener('message', listener, { capture: true })
  return {
    pin(origin) {
      if (pinned !== null && pinned !== origin) throw new Error('The parent origin is already pinned')
      pinned = origin
    },
    uninstall() {
      target.removeEventListener('message', listener, { capture: true })
    },
  }
}
