/**
 * The relay's mailbox: every published message is kept until its ttl runs out, so a client that subscribes
 * later (the wallet scanning a pairing URI after the dApp published its proposal, a page reloaded) still
 * gets it. Never a client's own messages, nor again one it acknowledged; until then every connection of
 * the client subscribed to the topic gets it (a reconnecting client's old socket may never read it).
 * @module
 */

/** A kept message. Client ids are the clients' identities (see `clientOf`), not their connections. */
export type StoredMessage = {
  topic: string
  message: string
  /** ms since the epoch, by the mailbox's clock. */
  publishedAt: number
  attestation: string | undefined
  expiresAt: number
  /** The publishing client: never delivered to. */
  sender: string
  /** Clients that acknowledged it (or fetched it): never sent to again, on any connection. */
  acknowledgedBy: Set<string>
}

export type Mailbox = ReturnType<typeof createMailbox>

/** `now`: the clock ttl is measured by (tests move it instead of waiting). */
export function createMailbox(now: () => number) {
  const byTopic = new Map<string, StoredMessage[]>()

  const live = (topic: string): StoredMessage[] => {
    const kept = (byTopic.get(topic) ?? []).filter((stored) => stored.expiresAt > now())
    if (kept.length > 0) byTopic.set(topic, kept)
    else byTopic.delete(topic)
    return kept
  }

  return {
    /** Keeps a message for `ttl` seconds; drops every expired one on the way (a dev relay stays small). */
    put(p: { topic: string; message: string; ttl: number; attestation: string | undefined; sender: string }) {
      for (const topic of [...byTopic.keys()]) live(topic)
      const publishedAt = now()
      const stored: StoredMessage = {
        topic: p.topic,
        message: p.message,
        publishedAt,
        attestation: p.attestation,
        expiresAt: publishedAt + p.ttl * 1000,
        sender: p.sender,
        acknowledgedBy: new Set(),
      }
      byTopic.set(p.topic, [...(byTopic.get(p.topic) ?? []), stored])
      return stored
    },
    /** The unexpired messages on `topic` that `client` has neither published nor acknowledged, oldest first. */
    undelivered(topic: string, client: string): StoredMessage[] {
      return live(topic).filter((stored) => stored.sender !== client && !stored.acknowledgedBy.has(client))
    },
  }
}
