import { describe, expect, test } from 'vitest'
import { ProtocolError } from './base.ts'
import { UserRejectedRequestError } from './provider.ts'
import { toErrorShape, toProtocolError } from './serialize.ts'

describe('toProtocolError: -32603 carries the cause’s message (issue 13)', () => {
  test('default: a ProtocolError passes as it is', () => {
    const rejected = new UserRejectedRequestError()
    expect(toProtocolError(rejected)).toBe(rejected)
  })

  test("behavior: an Error's message, without its stack", () => {
    const error = toProtocolError(new TypeError('Cannot serialize a legacy transaction without v'))
    expect(error.toJSON()).toEqual({
      code: -32603,
      message: 'Cannot serialize a legacy transaction without v',
    })
    expect(JSON.stringify(error.toJSON())).not.toMatch(/at .*\.ts/)
  })

  test("behavior: viem's short message, not its details (the request, the node's URL, the version)", () => {
    const viemLike = Object.assign(
      new Error(
        'HTTP request failed.\n\nURL: https://rpc.example/v1?key=secret\nRequest body: {…}\n\nVersion: viem@2',
      ),
      { shortMessage: 'HTTP request failed.' },
    )
    expect(toProtocolError(viemLike).message).toBe('HTTP request failed.')
    // Without a short message, only the first line.
    const plain = new Error('Transaction failed.\nURL: https://rpc.example/v1?key=secret')
    expect(toProtocolError(plain).message).toBe('Transaction failed.')
  })

  test('behavior: a long message is cut at 200 characters', () => {
    const message = toProtocolError(new Error('x'.repeat(5000))).message
    expect(message).toHaveLength(200)
    expect(message.endsWith('…')).toBe(true)
  })

  test("default: nothing usable gives the spec's 'An error occurred'", () => {
    for (const thrown of ['a string', undefined, null, 42, new Error(''), { message: {} }]) {
      expect(toProtocolError(thrown)).toMatchObject({ code: -32603, message: 'An error occurred' })
    }
  })

  test("default: toErrorShape (every request but an RPC call's) keeps the cause's message out", () => {
    // Control for the above: the same error through the generic path says nothing of its cause.
    expect(toErrorShape(new Error('vault key 0x1234 could not be unwrapped'))).toEqual({
      code: -32603,
      message: 'An error occurred',
    })
    expect(toProtocolError(new Error('x'))).toBeInstanceOf(ProtocolError)
  })
})
