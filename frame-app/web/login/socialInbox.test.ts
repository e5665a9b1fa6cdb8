import { SOCIAL_TICKET_MESSAGE } from '@keyframe/protocol/core'
import { describe, expect, test } from 'vitest'
import { createSocialInbox } from './socialInbox.ts'

const TICKET = 'a'.repeat(43)
const signal = () => new AbortController().signal

describe('the social inbox', () => {
  test('default: the newest well-formed ticket is taken once', async () => {
    const inbox = createSocialInbox()
    inbox.receive({ type: SOCIAL_TICKET_MESSAGE, ticket: 'b'.repeat(43) })
    inbox.receive({ type: SOCIAL_TICKET_MESSAGE, ticket: TICKET })
    expect(await inbox.take(signal(), 0)).toBe(TICKET)
    expect(await inbox.take(signal(), 0)).toBeUndefined()
  })

  test('behavior: a take waits for the ticket posted just after it', async () => {
    const inbox = createSocialInbox()
    const taken = inbox.take(signal(), 1_000)
    setTimeout(() => inbox.receive({ type: SOCIAL_TICKET_MESSAGE, ticket: TICKET }), 10)
    expect(await taken).toBe(TICKET)
  })

  test('behavior: other messages, misshapen tickets and tickets older than a minute are not taken', async () => {
    let now = 0
    const inbox = createSocialInbox(() => now)
    for (const data of [
      null,
      'ticket',
      { type: 'keyframe:social-result', ticket: TICKET },
      { type: SOCIAL_TICKET_MESSAGE, ticket: `${TICKET}!` },
      { type: SOCIAL_TICKET_MESSAGE, ticket: 42 },
    ])
      inbox.receive(data)
    expect(await inbox.take(signal(), 0)).toBeUndefined()
    inbox.receive({ type: SOCIAL_TICKET_MESSAGE, ticket: TICKET })
    now = 60_000
    expect(await inbox.take(signal(), 0)).toBeUndefined()
  })

  test('behavior: an aborted take gets nothing and leaves the ticket', async () => {
    const inbox = createSocialInbox()
    const controller = new AbortController()
    const taken = inbox.take(controller.signal, 1_000)
    controller.abort()
    expect(await taken).toBeUndefined()
    inbox.receive({ type: SOCIAL_TICKET_MESSAGE, ticket: TICKET })
    expect(await inbox.take(signal(), 0)).toBe(TICKET)
  })
})
