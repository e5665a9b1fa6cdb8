import { expect, test } from 'vitest'
import { prepareRequest, readEvent, readReply } from './messages.ts'

test('prepareRequest: default', () => {
  const { envelope, timeoutMs } = prepareRequest('CONNECT_EMAIL', { email: 'a@example.com' })
  expect(envelope).toEqual({ v: 1, id: expect.any(String), params: { email: 'a@example.com' } })
  expect(timeoutMs).toBe(30_000)
})

test('prepareRequest: error: unknown type', () => {
  expect(() => prepareRequest('STEAL_KEYS' as 'RELOAD', {})).toThrowErrorMatchingInlineSnapshot(
    `[InvalidRequestError: Unknown request type: STEAL_KEYS]`,
  )
})

test('prepareRequest: error: invalid params — a code is never posted (the frame asks for it itself)', () => {
  expect(() => prepareRequest('CONNECT_OTP', { otp: '123456' } as never)).toThrowErrorMatchingInlineSnapshot(
    `[InvalidParamsError: Invalid params for CONNECT_OTP: Unrecognized key: otp]`,
  )
})

test('prepareRequest: error: over 128 KB', () => {
  const big = 'x'.repeat(130 * 1024)
  expect(() => prepareRequest('RPC_REQUEST', { method: 'eth_call', params: [{ data: big }] })).toThrow()
})

test('readReply: default', () => {
  expect(readReply('IS_CONNECTED', { ok: true, result: { isConnected: false } })).toEqual({
    ok: true,
    value: { isConnected: false },
  })
})

test('readReply: error: a reply without a message gets the spec wording', () => {
  const reply = readReply('IS_CONNECTED', { ok: false, error: { code: 4001, message: '' } })
  expect(reply.ok).toBe(false)
  expect(!reply.ok && reply.error.message).toBe('An error occurred')
})

test('readReply: error: malformed replies and results', () => {
  expect(readReply('IS_CONNECTED', { ok: true, result: { isConnected: 'yes' } })).toMatchObject({
    ok: false,
    error: { code: -32603, message: 'Invalid result for IS_CONNECTED' },
  })
  for (const data of [undefined, null, 'ok', { ok: 'yes' }, { ok: false, error: { code: 'x' } }]) {
    expect(readReply('IS_CONNECTED', data), JSON.stringify(data)).toMatchObject({
      ok: false,
      error: { code: -32603, message: 'An error occurred' },
    })
  }
  expect(readReply('STEAL_KEYS' as 'RELOAD', { ok: true, result: null })).toMatchObject({
    ok: false,
    error: { code: -32600 },
  })
})

test('readEvent: default and errors', () => {
  expect(readEvent('CHAIN_CHANGED', { v: 1, params: { chainId: 'eip155:1' } })).toEqual({
    ok: true,
    value: { type: 'CHAIN_CHANGED', params: { chainId: 'eip155:1' } },
  })
  expect(readEvent('CHAIN_CHANGED', { v: 1, params: { chainId: '1' } }).ok).toBe(false)
  expect(readEvent('CHAIN_CHANGED', { v: 2, params: { chainId: 'eip155:1' } }).ok).toBe(false)
  expect(readEvent('STEAL_KEYS', { v: 1, params: {} })).toMatchObject({
    ok: false,
    error: { code: -32600, message: 'Unknown event type: STEAL_KEYS' },
  })
})
