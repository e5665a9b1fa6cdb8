/**
 * Runs every conformance vector against the protocol's own functions: requests through `parseRequest`,
 * replies through `parseReply`, events through `parseEvent`, RPC calls through `checkRpcCall` and
 * `classifyRpc`, CAIP ids through `parseCaip2` / `parseCaip10`. The frame and the parent run the same files.
 */
import { describe, expect, test } from 'vitest'
import { parseCaip2, parseCaip10 } from '../src/caip.ts'
import { parseEvent, parseReply, parseRequest } from '../src/envelope.ts'
import { ProtocolError } from '../src/errors/base.ts'
import { ErrorCode } from '../src/errors/codes.ts'
import { classifyRpc, SAFE_RPC_METHODS, UNSAFE_RPC_METHODS } from '../src/rpc/methods.ts'
import { refusedRpcMethods } from '../src/rpc/refused.ts'
import { checkRpcCall } from '../src/rpc/validate.ts'
import { REQUEST_TYPES, type RequestType } from '../src/table/requests.ts'
import {
  type CaipVector,
  caipVectors,
  type Expectation,
  eventVectors,
  replyVectors,
  requestVectors,
  rpcVectors,
  vectors,
} from './index.ts'

type Outcome = { ok: true } | { ok: false; error: unknown }

/** Asserts a parse outcome against a vector's expectation: accepted, or refused with its code (and message). */
function expectOutcome(outcome: Outcome, expectation: Expectation) {
  if (expectation.ok) {
    expect(outcome.ok ? undefined : outcome.error, 'refused a valid vector').toBeUndefined()
    return
  }
  expect(outcome.ok, 'accepted an invalid vector').toBe(false)
  if (outcome.ok) return
  expect(outcome.error).toBeInstanceOf(ProtocolError)
  const error = outcome.error as ProtocolError
  expect(error.code).toBe(expectation.code)
  if (expectation.message !== undefined) expect(error.message).toBe(expectation.message)
}

const cases = <V extends { name: string }>(list: V[]) => list.map((v) => [v.name, v] as const)

describe('request vectors', () => {
  test.each(cases(requestVectors))('%s', (_name, vector) => {
    expectOutcome(parseRequest(vector.type, vector.data), vector.expect)
  })
})

describe('reply vectors', () => {
  test.each(cases(replyVectors))('%s', (_name, vector) => {
    expect(REQUEST_TYPES).toContain(vector.type)
    expectOutcome(parseReply(vector.type as RequestType, vector.data), vector.expect)
  })
})

describe('event vectors', () => {
  test.each(cases(eventVectors))('%s', (_name, vector) => {
    expectOutcome(parseEvent(vector.type, vector.data), vector.expect)
  })
})

describe('rpc vectors', () => {
  test.each(cases(rpcVectors))('%s', (_name, vector) => {
    const call =
      'params' in vector ? { method: vector.method, params: vector.params } : { method: vector.method }
    let checked: ReturnType<typeof checkRpcCall> | undefined
    let thrown: unknown
    try {
      checked = checkRpcCall(call)
    } catch (error) {
      thrown = error
    }
    if (vector.expect.ok) {
      expect(thrown, 'refused a valid call').toBeUndefined()
      expect(checked?.class).toBe(vector.expect.class)
      expect(classifyRpc(vector.method)).toBe(vector.expect.class)
      return
    }
    expectOutcome(checked ? { ok: true } : { ok: false, error: thrown }, vector.expect)
    // An allowed method with bad params is -32602 and keeps its class; a refusal is 'refused' or 'unknown'.
    const cls = classifyRpc(vector.method)
    if (vector.expect.code === ErrorCode.invalidParams) expect(['safe', 'unsafe']).toContain(cls)
    else expect(cls).toBe(vector.expect.class ?? 'unknown')
    // spec §6's wording for an unknown method, which names it (issue 13); a refusal says why instead.
    if (cls === 'unknown') expect((thrown as Error).message).toMatch(/^Requested RPC call is not allowed\b/)
  })
})

describe('caip vectors', () => {
  const parse = (vector: CaipVector) =>
    vector.kind === 'caip2' ? parseCaip2(vector.input) : parseCaip10(vector.input)

  test.each(cases(caipVectors))('%s', (_name, vector) => {
    if (vector.expect.ok) {
      expect(parse(vector)).toEqual(vector.expect.value)
      return
    }
    let thrown: unknown
    try {
      parse(vector)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(Error)
    expect((thrown as Error).message).toBe(vector.expect.message)
    expect((thrown as { code?: unknown }).code).toBe(-32602)
  })
})

describe('coverage', () => {
  test('behavior: at least 150 vectors, with unique names', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(150)
    expect(new Set(vectors.map((v) => v.name)).size).toBe(vectors.length)
  })

  test('behavior: every request type is valid at least once and invalid at least twice', () => {
    const missing = REQUEST_TYPES.flatMap((type) => {
      const own = requestVectors.filter((v) => v.type === type)
      const valid = own.filter((v) => v.expect.ok).length
      const invalid = own.length - valid
      return valid >= 1 && invalid >= 2 ? [] : [`${type}: ${valid} valid, ${invalid} invalid`]
    })
    expect(missing).toEqual([])
  })

  test('behavior: every safe and unsafe RPC method has a valid rpc vector of its class', () => {
    const covered = (method: string, cls: 'safe' | 'unsafe') =>
      rpcVectors.some((v) => v.method === method && v.expect.ok && v.expect.class === cls)
    expect(SAFE_RPC_METHODS.filter((m) => !covered(m, 'safe'))).toEqual([])
    expect(UNSAFE_RPC_METHODS.filter((m) => !covered(m, 'unsafe'))).toEqual([])
  })

  test('behavior: every method refused on purpose has a vector with its own code and reason', () => {
    const covered = (method: string) =>
      rpcVectors.some((v) => v.method === method && !v.expect.ok && v.expect.class === 'refused')
    expect(Object.keys(refusedRpcMethods).filter((m) => !covered(m))).toEqual([])
  })

  test('behavior: RPC_REQUEST vectors cover safe, unsafe and refused methods', () => {
    const methods = requestVectors
      .filter((v) => v.type === 'RPC_REQUEST')
      .map((v) => ({
        method: (v.data as { params?: { method?: unknown } }).params?.method,
        expect: v.expect,
      }))
    const classes = new Set(
      methods
        .filter((m) => m.expect.ok && typeof m.method === 'string')
        .map((m) => classifyRpc(m.method as string)),
    )
    expect([...classes].sort()).toEqual(['safe', 'unsafe'])
    expect(methods.some((m) => !m.expect.ok && m.expect.code === 4200)).toBe(true)
  })

  test('behavior: the first valid vector of each type is harmless to send to a live frame', () => {
    // The conformance CLI sends it to measure timeouts: RPC_REQUEST must not wait for an approval.
    const first = requestVectors.find((v) => v.type === 'RPC_REQUEST' && v.expect.ok)
    const method = (first?.data as { params: { method: string } }).params.method
    expect(classifyRpc(method)).toBe('safe')
  })

  test('behavior: exactly one oversize message', () => {
    const big = vectors.filter((v) => JSON.stringify(v).length > 128 * 1024)
    expect(big.map((v) => v.name)).toHaveLength(1)
  })
})
