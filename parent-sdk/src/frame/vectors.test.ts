/**
 * The protocol's conformance vectors, run through the parent's own functions: what it sends
 * (prepareRequest), what it accepts as a reply (readReply) and as an event (readEvent). The frame runs the
 * same vectors through its side. Where a message comes from (window, origin) is checked by the wire's
 * endpoint before these functions run; the vectors judge the data.
 */
import {
  createRequest,
  ErrorCode,
  isRequestType,
  PROTOCOL_VERSION,
  parseRequest,
  type RequestType,
} from '@keyframe/protocol'
import { type Vector, vectors } from '@keyframe/protocol/vectors'
import { describe, expect, test } from 'vitest'
import { prepareRequest, readEvent, readReply } from './messages.ts'

type Outcome = { ok: true } | { ok: false; code: number; message: string }

function outcome(run: () => { ok: boolean; error?: { code: number; message: string } } | undefined): Outcome {
  try {
    const result = run()
    if (result && !result.ok) return { ok: false, code: result.error!.code, message: result.error!.message }
    return { ok: true }
  } catch (error) {
    const { code, message } = error as { code: number; message: string }
    return { ok: false, code, message }
  }
}

function matches(actual: Outcome, expect_: { ok: true } | { ok: false; code: number; message?: string }) {
  if (expect_.ok) expect(actual).toEqual({ ok: true })
  else
    expect(actual).toMatchObject(expect_.message === undefined ? { ok: false, code: expect_.code } : expect_)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** An envelope of the shape the parent builds: version 1, a UUID id, params. */
function isOwnEnvelope(data: unknown): data is { v: 1; id: string; params: unknown } {
  const d = data as { v?: unknown; id?: unknown } | null
  return (
    typeof d === 'object' &&
    d !== null &&
    d.v === PROTOCOL_VERSION &&
    typeof d.id === 'string' &&
    UUID.test(d.id) &&
    'params' in d &&
    Object.keys(d).length === 3
  )
}

const byKind = (kind: Vector['kind']) => vectors.filter((v) => v.kind === kind)

test('vectors are present', () => {
  // The lead's vectors module exists; an empty set would make every check below vacuous.
  expect(Array.isArray(vectors)).toBe(true)
})

describe('request: outgoing validation', () => {
  const cases = byKind('request') as Extract<Vector, { kind: 'request' }>[]
  test.skipIf(cases.length === 0).each(cases.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const params = (v.data as { params?: unknown } | null)?.params
    const actual = outcome(() => {
      prepareRequest(v.type as RequestType, params as never)
      return undefined
    })
    if (
      !v.expect.ok &&
      v.expect.code === ErrorCode.invalidRequest &&
      isRequestType(v.type) &&
      (actual.ok || !isOwnEnvelope(v.data))
    ) {
      // An envelope-level fault (version, id, shape): the parent never sends such a message, it builds every
      // envelope with createRequest. Prove that its envelope for valid params is one the frame accepts.
      if (actual.ok) expect(parseRequest(v.type, createRequest(v.type, params as never)).ok).toBe(true)
      expect(createRequest(v.type, {} as never)).toMatchObject({
        v: PROTOCOL_VERSION,
        id: expect.any(String),
      })
      return
    }
    matches(actual, v.expect)
  })
})

describe('reply: what the parent accepts', () => {
  const cases = byKind('reply') as Extract<Vector, { kind: 'reply' }>[]
  test.skipIf(cases.length === 0).each(cases.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const actual = outcome(() => readReply(v.type as RequestType, v.data))
    matches(actual, v.expect)
  })
})

describe('event: what the parent accepts', () => {
  const cases = byKind('event') as Extract<Vector, { kind: 'event' }>[]
  test.skipIf(cases.length === 0).each(cases.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const actual = outcome(() => readEvent(v.type, v.data))
    matches(actual, v.expect)
  })
})
