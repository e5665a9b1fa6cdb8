import { expect, test } from 'vitest'
import { prepareRequest, readEvent, readReply } from './messages.ts'

const frameWindow = {}
const expected = { window: frameWindow, origin: 'http://localhost:5174' }
const from = (data: unknown) => ({ source: frameWindow, origin: 'http://localhost:5174', data })

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

test('prepareRequest: error: invalid params', () => {
  expect(() => prepareRequest('CONNECT_OTP', { otp: '12' })).toThrowErrorMatchingInlineSnapshot(
    `[InvalidParamsError: Invalid params for CONNECT_OTP: otp: Expected a 6-digit code]`,
  )
})

test('prepareRequest: error: over 128 KB', () => {
  const big = 'x'.repeat(130 * 1024)
  expect(() => prepareRequest('RPC_REQUEST', { method: 'eth_call', params: [{ data: big }] })).toThrow()
})

test('readReply: default', () => {
  expect(readReply('IS_CONNECTED', from({ ok: true, result: { isConnected: false } }), expected)).toEqual({
    ok: true,
    value: { isConnected: false },
  })
})

test('readReply: error: a reply without a message gets the spec wording', () => {
  const reply = readReply('IS_CONNECTED', from({ ok: false, error: { code: 4001, message: '' } }), expected)
  expect(reply.ok).toBe(false)
  expect(!reply.ok && reply.error.message).toBe('An error occurred')
})

test('readReply: error: wrong source or origin', () => {
  const data = { ok: true, result: { isConnected: true } }
  expect(readReply('IS_CONNECTED', { ...from(data), source: {} }, expected).ok).toBe(false)
  expect(readReply('IS_CONNECTED', { ...from(data), origin: 'http://localhost:5175' }, expected).ok).toBe(
    false,
  )
})

test('readEvent: default and errors', () => {
  expect(readEvent('CHAIN_CHANGED', from({ v: 1, params: { chainId: 'eip155:1' } }), expected)).toEqual({
    ok: true,
    value: { type: 'CHAIN_CHANGED', params: { chainId: 'eip155:1' } },
  })
  expect(readEvent('CHAIN_CHANGED', from({ v: 1, params: { chainId: '1' } }), expected).ok).toBe(false)
  expect(readEvent('CHAIN_CHANGED', from({ v: 2, params: { chainId: 'eip155:1' } }), expected).ok).toBe(false)
  expect(
    readEvent('CHAIN_CHANGED', { ...from({ v: 1, params: { chainId: 'eip155:1' } }), source: null }, expected)
      .ok,
  ).toBe(false)
})
