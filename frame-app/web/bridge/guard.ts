/** The capture-phase message filter the frame installs before any other `message` listener. */
export type Guard = {
  /** Lets messages from `parent` at exactly `origin` through. Until then every message is dropped. */
  pin(origin: string): void
  /** Removes the listener (tests, teardown). */
  uninstall(): void
}

/**
 * Installs a capture-phase `message` listener on `target` (the frame's window) that stops every message whose
 * `source` is not `parent` or whose `origin` is not the pinned parent origin, before any other listener can see
 * it. The bridge's own listener (`startBridge`, through the wire's endpoint) makes the same check; this one is
 * defence in depth: whatever later listens to messages in the frame (a library of the approval UI, a login
 * SDK) never hears a hostile page, so it cannot answer one (SECURITY.md §3). It must therefore be the frame's
 * first `message` listener: main.ts installs it before anything else runs. Until {@link Guard.pin} is called
 * (and forever if the frame may not start) everything is dropped. `sameOrigin.receive` gets the data of a message
 * from another window of the frame's own origin (never the parent's), before it is dropped as well.
 */
export function installGuard(
  target: EventTarget,
  parent: unknown,
  sameOrigin?: { origin: string; receive(data: unknown): void },
): Guard {
  let pinned: string | null = null
  const listener = (event: Event) => {
    const message = event as MessageEvent
    if (pinned !== null && message.source === parent && message.origin === pinned) return
    // A page of the frame's own origin (the social login's callback in its popup) hands its data to
    // `receive` only; no other listener hears it either.
    if (sameOrigin && message.origin === sameOrigin.origin && message.source !== parent)
      sameOrigin.receive(message.data)
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
