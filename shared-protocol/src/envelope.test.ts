import { describe, expect, test } from 'vitest'
import {
  APPROVAL_TIMEOUT_MS,
  FRAME_CONNECT_TIMEOUT_MS,
  MAX_MESSAGE_BYTES,
  PROTOCOL_VERSION,
} from './constants.ts'
import {
  checkParams,
  createRequest,
  errorReply,
  okReply,
  parseEvent,
  parseReply,
  parseRequest,
} from './envelope.ts'
import type { ProtocolError } from './errors/base.ts'
import { UnsupportedMethodError, UserRejectedRequestError } from './errors/provider.ts'
import { InvalidParamsError, InvalidRequestError } from './errors/rpc.ts'
import { REQUEST_TYPES, requests, timeoutFor } from './table/requests.ts'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const id = '7d5b3f0e-2c1a-4e8b-9f6d-0a1b2c3d4e5f'
const address = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'

/** The error of a refused parse, or a failure if it was accepted. */
function refused<T>(result: { ok: true; value: T } | { ok: false; id?: string; error: ProtocolError }) {
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.value)}`)
  return result
}

function thrown(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('did not throw')
}

describe('createRequest', () => {
  test('default: v 1, a crypto-random v4 uuid, the params as given', () => {
    const envelope = createRequest('CONNECT_EMAIL', { email: 'alice@example.com' })
    expect(envelope.v).toBe(PROTOCOL_VERSION)
    expect(envelope.v).toBe(1)
    expect(envelope.id).toMatch(UUID_V4)
    expect(envelope.params).toEqual({ email: 'alice@example.com' })
  })

  test('behavior: every request gets its own id', () => {
    const ids = new Set(Array.from({ length: 50 }, () => createRequest('GET_CHAIN_ID', {}).id))
    expect(ids.size).toBe(50)
  })

  test('behavior: what it builds, parseRequest accepts', () => {
    const envelope = createRequest('SWITCH_NETWORK', { chainId: 'eip155:137' })
    expect(parseRequest('SWITCH_NETWORK', envelope)).toEqual({
      ok: true,
      value: { type: 'SWITCH_NETWORK', id: envelope.id, params: { chainId: 'eip155:137' } },
    })
  })
})

describe('parseRequest', () => {
  test('error: size is checked first, before the type', () => {
    const data = { v: 1, id, params: { sdkVersion: 'x'.repeat(MAX_MESSAGE_BYTES) } }
    const { error } = refused(parseRequest('NOT_A_TYPE', data))
    expect(error).toBeInstanceOf(InvalidRequestError)
    expect(error.message).toBe('Message exceeds 131072 bytes')
  })

  test('behavior: the size limit counts UTF-8 bytes, not characters', () => {
    // 50,000 × 'é' is 100,000 bytes: past the size check, refused for its params. 70,000 × 'é' is 140,000
    // bytes but only 70,000 characters: refused for its size.
    expect(
      refused(parseRequest('SYNC_THEME', { v: 1, id, params: { x: 'é'.repeat(50_000) } })).error.code,
    ).toBe(-32602)
    expect(
      refused(parseRequest('SYNC_THEME', { v: 1, id, params: { x: 'é'.repeat(70_000) } })).error.code,
    ).toBe(-32600)
  })

  test('error: then the type, before the envelope', () => {
    const { error } = refused(parseRequest('CONNECT_PHONE', null))
    expect(error.code).toBe(-32600)
    expect(error.message).toBe('Unknown request type: CONNECT_PHONE')
  })

  test('error: then the envelope, before the params; the id comes back when it is a uuid', () => {
    const result = refused(parseRequest('CONNECT_EMAIL', { v: 2, id, params: { email: 'nope' } }))
    expect(result.error.code).toBe(-32600)
    expect(result.error.message).toBe('Invalid envelope for CONNECT_EMAIL: v')
    expect(result.id).toBe(id)
    expect(refused(parseRequest('CONNECT_EMAIL', { v: 1, id: 'not-a-uuid', params: {} })).id).toBeUndefined()
  })

  test('error: then the params, with the id', () => {
    const result = refused(parseRequest('CONNECT_EMAIL', { v: 1, id, params: { email: 'nope' } }))
    expect(result.id).toBe(id)
    expect(result.error).toBeInstanceOf(InvalidParamsError)
    expect(result.error.message).toBe('Invalid params for CONNECT_EMAIL: email: Invalid email')
  })

  test('error: RPC_REQUEST params shape before the allowed list, the allowed list before the method params', () => {
    const badChain = refused(
      parseRequest('RPC_REQUEST', { v: 1, id, params: { method: 'eth_sign', chainId: 'x' } }),
    )
    expect(badChain.error.code).toBe(-32602)
    const unknown = refused(
      parseRequest('RPC_REQUEST', { v: 1, id, params: { method: 'eth_foo', params: 'junk' } }),
    )
    expect(unknown.error).toBeInstanceOf(UnsupportedMethodError)
    expect(unknown.error.code).toBe(4200)
    expect(unknown.error.message).toBe('Requested RPC call is not allowed: eth_foo')
    expect(unknown.error.data).toEqual({ method: 'eth_foo' })
    const badParams = refused(
      parseRequest('RPC_REQUEST', { v: 1, id, params: { method: 'personal_sign', params: [] } }),
    )
    expect(badParams.error.code).toBe(-32602)
    expect(badParams.error.message).toMatch(/^Invalid params for personal_sign: /)
  })
})

describe('checkParams', () => {
  test('default: returns the parsed params', () => {
    expect(checkParams('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toEqual({ type: 'smartAccount' })
    expect(checkParams('RPC_REQUEST', { method: 'eth_chainId' })).toEqual({ method: 'eth_chainId' })
  })

  test('error: throws the InvalidParamsError the frame would answer', () => {
    // A code never travels in a message: the frame asks for it in its own prompt.
    const error = thrown(() => checkParams('CONNECT_OTP', { otp: '123456' }))
    expect(error).toBeInstanceOf(InvalidParamsError)
    expect((error as InvalidParamsError).code).toBe(-32602)
    expect((error as InvalidParamsError).message).toBe(
      'Invalid params for CONNECT_OTP: Unrecognized key: otp',
    )
  })

  test('error: RPC_REQUEST off the allowed list throws 4200', () => {
    const error = thrown(() => checkParams('RPC_REQUEST', { method: 'eth_requestAccounts' }))
    expect(error).toBeInstanceOf(UnsupportedMethodError)
    expect((error as UnsupportedMethodError).message).toBe(
      'Requested RPC call is not allowed: eth_requestAccounts',
    )
  })
})

describe('timeoutFor', () => {
  test('default: the five connect flows of spec §8 wait 30000 ms and call the timeout handler', () => {
    const connect = [
      'CONNECT_EMAIL',
      'CONNECT_DEVICE',
      'CONNECT_OTP',
      'CONNECT_SOCIAL',
      'GET_SOCIAL_REDIRECT_URI',
    ] as const
    expect(FRAME_CONNECT_TIMEOUT_MS).toBe(30_000)
    expect(timeoutFor('CONNECT_EMAIL', { email: 'alice@example.com' })).toBe(30_000)
    expect(timeoutFor('CONNECT_DEVICE', {})).toBe(30_000)
    expect(timeoutFor('CONNECT_OTP', {})).toBe(30_000)
    expect(timeoutFor('CONNECT_SOCIAL', { uri: 'https://keyframe.example/cb' })).toBe(30_000)
    expect(timeoutFor('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })).toBe(30_000)
    expect(REQUEST_TYPES.filter((type) => requests[type].alertOnTimeout)).toEqual(connect)
  })

  test('parameters: RPC_REQUEST waits for an approval only for unsafe methods', () => {
    const unsafe = timeoutFor('RPC_REQUEST', { method: 'personal_sign', params: ['0x68', address] })
    const safe = timeoutFor('RPC_REQUEST', { method: 'eth_getBalance', params: [address, 'latest'] })
    expect(unsafe).toBeGreaterThan(APPROVAL_TIMEOUT_MS)
    expect(safe).toBe(30_000)
    expect(unsafe).toBeGreaterThan(safe)
  })

  test('behavior: every request type has a positive timeout', () => {
    for (const type of REQUEST_TYPES) {
      const t = requests[type].timeoutMs
      expect(typeof t === 'function' ? t({ method: 'eth_chainId' } as never) : t, type).toBeGreaterThan(0)
    }
  })
})

describe('InvalidParamsError', () => {
  test('default: message names the subject, the first path and its wording; data.issues lists them all', () => {
    const { error } = refused(
      parseRequest('CONNECT_SOCIAL', { v: 1, id, params: { preferredAccountType: 'x' } }),
    )
    expect(error).toBeInstanceOf(InvalidParamsError)
    expect(error.code).toBe(-32602)
    expect(error.message).toBe('Invalid params for CONNECT_SOCIAL: uri: Required')
    expect(error.data).toEqual({
      issues: [
        { path: ['uri'], message: 'Required' },
        { path: ['preferredAccountType'], message: 'Expected one of "eoa", "smartAccount"' },
      ],
    })
    expect((error as InvalidParamsError).issues).toEqual((error.data as { issues: unknown }).issues)
  })

  test("behavior: spec §8 wording 'Invalid email' for a bad e-mail, 'Required' for a missing one", () => {
    expect(() => checkParams('CONNECT_EMAIL', { email: 'alice@' })).toThrow(
      'Invalid params for CONNECT_EMAIL: email: Invalid email',
    )
    expect(() => checkParams('UPDATE_EMAIL', {})).toThrow(
      'Invalid params for UPDATE_EMAIL: newEmail: Required',
    )
  })

  test("behavior: 'Required' also for a missing enum, union, url or uuid field", () => {
    expect(() => checkParams('GET_SOCIAL_REDIRECT_URI', {})).toThrow('provider: Required')
    expect(() => checkParams('SWITCH_NETWORK', {})).toThrow('chainId: Required')
    expect(() => checkParams('CONNECT_SOCIAL', {})).toThrow('uri: Required')
    expect(() => checkParams('RPC_ABORT', {})).toThrow('id: Required')
  })

  test('behavior: a root-level issue has no path in the message', () => {
    const error = thrown(() => checkParams('SIGN_OUT', undefined)) as InvalidParamsError
    expect(error.message).toBe('Invalid params for SIGN_OUT: Required')
    expect(error.issues).toEqual([{ path: [], message: 'Required' }])
  })
})

describe('parseReply', () => {
  test('default: a result that fits the table', () => {
    expect(parseReply('IS_CONNECTED', okReply({ isConnected: true }))).toEqual({
      ok: true,
      value: { isConnected: true },
    })
  })

  test('behavior: an error reply reads back with its code, wording and data', () => {
    const { error } = refused(parseReply('RPC_REQUEST', errorReply(new UserRejectedRequestError())))
    expect(error.code).toBe(4001)
    expect(error.message).toBe('User rejected the request.')
  })

  test("behavior: spec §8 'An error occurred' when the reply has no message; the code is kept", () => {
    expect(
      refused(parseReply('GET_USER', { ok: false, error: { code: 4100, message: '' } })).error.toJSON(),
    ).toEqual({
      code: 4100,
      message: 'An error occurred',
    })
    expect(refused(parseReply('GET_USER', { ok: false, error: { code: 4100 } })).error.toJSON()).toEqual({
      code: 4100,
      message: 'An error occurred',
    })
  })

  test('error: a malformed reply or a result off the schema is -32603', () => {
    expect(refused(parseReply('GET_USER', { ok: 'yes' })).error.toJSON()).toEqual({
      code: -32603,
      message: 'An error occurred',
    })
    expect(refused(parseReply('IS_CONNECTED', okReply({ isConnected: 'no' }))).error.code).toBe(-32603)
  })
})

describe('parseEvent', () => {
  test('default: READY with its version', () => {
    expect(parseEvent('READY', { v: 1, params: { version: 1 } })).toEqual({
      ok: true,
      value: { type: 'READY', params: { version: 1 } },
    })
  })

  test('error: unknown event -32600, bad payload -32602', () => {
    expect(refused(parseEvent('HELLO', { v: 1, params: {} })).error.code).toBe(-32600)
    expect(refused(parseEvent('READY', { v: 1, params: {} })).error.message).toBe(
      'Invalid params for READY: version: Required',
    )
  })
})
