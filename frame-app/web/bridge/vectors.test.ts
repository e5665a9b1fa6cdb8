/**
 * The protocol's conformance vectors, run against the frame's real dispatcher (the parent SDK runs the same
 * files). Only `kind: 'request'` vectors concern the frame's dispatch.
 */
import { vectors } from '@keyframe/protocol/vectors'
import { describe, expect, test } from 'vitest'
import { createBridgeContext } from './context.ts'
import { dispatch } from './dispatch.ts'

type RequestVector = Extract<(typeof vectors)[number], { kind: 'request' }>

const requestVectors = vectors.filter((vector): vector is RequestVector => vector.kind === 'request')

/** Codes that mean "the message itself was refused": an accepted vector must never get one. */
const VALIDATION_CODES = new Set([-32600, -32602])

const context = () =>
  createBridgeContext({ projectId: 'dev', parentOrigin: 'http://127.0.0.1:5173', chainId: 'eip155:1' })

describe('conformance vectors', () => {
  test('there are request vectors to run', () => {
    expect(Array.isArray(vectors)).toBe(true)
  })

  test.skipIf(requestVectors.length === 0).each(requestVectors.map((v) => [v.name, v] as const))(
    '%s',
    async (_name, vector) => {
      const reply = await dispatch(vector.type, vector.data, context())
      if (vector.expect.ok) {
        if (!reply.ok) {
          expect(VALIDATION_CODES.has(reply.error.code), `refused as invalid: ${reply.error.message}`).toBe(
            false,
          )
          expect(reply.error.message).not.toMatch(/^Requested RPC call is not allowed\b/)
        }
      } else {
        expect(reply.ok).toBe(false)
        if (reply.ok) return
        expect(reply.error.code).toBe(vector.expect.code)
        if (vector.expect.message !== undefined) expect(reply.error.message).toBe(vector.expect.message)
      }
    },
  )
})
