import { REQUEST_TYPES } from '@keyframe/protocol'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { createBridgeContext } from './context.ts'
import { dispatch } from './dispatch.ts'

const context = () =>
  createBridgeContext({ projectId: 'dev', parentOrigin: 'http://127.0.0.1:5173', chainId: 'eip155:1' })

function isTypedReply(reply: unknown): boolean {
  if (typeof reply !== 'object' || reply === null) return false
  const r = reply as { ok?: unknown; error?: { code?: unknown; message?: unknown } }
  if (r.ok === true) return 'result' in r
  return (
    r.ok === false &&
    typeof r.error === 'object' &&
    r.error !== null &&
    Number.isInteger(r.error.code) &&
    typeof r.error.message === 'string'
  )
}

const anyType = fc.oneof(fc.string(), fc.constantFrom(...REQUEST_TYPES, '__proto__', 'constructor'))
const envelopes = fc.oneof(
  fc.jsonValue(),
  fc.record({ v: fc.constantFrom(1, 2, '1'), id: fc.oneof(fc.uuid(), fc.string()), params: fc.jsonValue() }),
  fc.record({ v: fc.constant(1), id: fc.uuid(), params: fc.dictionary(fc.string(), fc.jsonValue()) }),
  fc.anything(),
)

test('behavior: arbitrary types and data never throw and always get a typed reply', async () => {
  await fc.assert(
    fc.asyncProperty(anyType, envelopes, async (type, data) => {
      const reply = await dispatch(type, data, context())
      expect(isTypedReply(reply)).toBe(true)
    }),
    { numRuns: 2000 },
  )
})

test('behavior: valid envelopes of every type with arbitrary params get a typed reply', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...REQUEST_TYPES),
      fc.uuid(),
      fc.jsonValue(),
      async (type, id, params) => {
        const reply = await dispatch(type, { v: 1, id, params }, context())
        expect(isTypedReply(reply)).toBe(true)
      },
    ),
    { numRuns: 2000 },
  )
})

test('behavior: hostile objects (throwing getters, cycles, BigInt) get a typed reply', async () => {
  const cyclic: Record<string, unknown> = { v: 1, id: crypto.randomUUID() }
  cyclic.params = cyclic
  const throwing = Object.defineProperty({ v: 1, id: crypto.randomUUID() }, 'params', {
    enumerable: true,
    get() {
      throw new Error('boom')
    },
  })
  const proxy = new Proxy(
    {},
    {
      get() {
        throw new Error('boom')
      },
      ownKeys() {
        throw new Error('boom')
      },
    },
  )
  for (const data of [cyclic, throwing, proxy, { v: 1, id: crypto.randomUUID(), params: { x: 1n } }]) {
    const reply = await dispatch('GET_CHAIN_ID', data, context())
    expect(isTypedReply(reply)).toBe(true)
    expect(reply.ok).toBe(false)
  }
})
