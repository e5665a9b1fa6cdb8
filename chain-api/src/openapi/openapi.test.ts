import { readFileSync } from 'node:fs'
import { endpoint } from '@keyframe/protocol/chain-api/endpoint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import * as z from 'zod/mini'
import { supportedModule } from '../supported/module.ts'
import { startTestChainApi, type TestChainApi } from '../testing/harness.ts'
import { expectMatchesSpec } from '../testing/openapi.ts'
import { buildOpenApi, OPENAPI_FILE, renderOpenApi } from './buildOpenApi.ts'
import { collectEndpoints } from './collectEndpoints.ts'

describe('openapi.yaml', () => {
  it('is what `npm run -w chain-api openapi` generates from the declarations (run it after a change)', async () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(await renderOpenApi())
  })

  it('publishes every declared endpoint with the common parameters and errors of its auth', async () => {
    const doc = parse(readFileSync(OPENAPI_FILE, 'utf8'))
    const declared = await collectEndpoints()
    expect(declared.map((d) => d.name)).toContain('getSupportedChains')
    for (const { endpoint: e, name } of declared) {
      const op = doc.paths[e.path]?.[e.method]
      expect(op?.operationId, `${e.method} ${e.path}`).toBe(name)
      const refs = (op.parameters ?? []).map((p: { $ref?: string }) => p.$ref).filter(Boolean)
      if (e.auth === 'project')
        expect(refs).toEqual(['projectId', 'st', 'sv'].map((p) => `#/components/parameters/${p}`))
      if (e.auth === 'gateway') expect(refs).toEqual(['#/components/parameters/projectId'])
      if (e.auth === 'public') expect(refs).toEqual([])
      expect(Object.keys(op.responses)).toContain('400')
      if (e.auth !== 'public')
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['403', '429']))
    }
  })

  it('describes path and query parameters from the schemas, required as declared', () => {
    const e = endpoint({
      method: 'get',
      path: '/v1/x/{address}',
      summary: 's',
      auth: 'public',
      params: z.object({ address: z.string() }),
      query: z.object({ chainId: z.string(), cursor: z.optional(z.string()) }),
      response: z.object({ a: z.string(), b: z.optional(z.nullable(z.number())) }),
    })
    const doc = buildOpenApi([{ area: 'x', name: 'getX', endpoint: e }], '1.0.0') as {
      paths: Record<string, Record<string, { parameters: unknown[]; responses: Record<string, unknown> }>>
    }
    const op = doc.paths['/v1/x/{address}']?.get
    expect(op?.parameters).toEqual([
      { name: 'address', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'chainId', in: 'query', required: true, schema: { type: 'string' } },
      { name: 'cursor', in: 'query', required: false, schema: { type: 'string' } },
    ])
    expect(op?.responses['200']).toEqual({
      description: 'OK',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { a: { type: 'string' }, b: { type: ['number', 'null'] } },
            required: ['a'],
            additionalProperties: false,
          },
        },
      },
    })
  })

  it('refuses a path template whose parameters the params schema does not declare', () => {
    const e = endpoint({
      method: 'get',
      path: '/v1/{id}',
      summary: 's',
      auth: 'public',
      response: z.object({}),
    })
    expect(() => buildOpenApi([{ area: 'x', name: 'bad', endpoint: e }], '1')).toThrow(
      'path /v1/{id} has {id}',
    )
  })
})

describe('expectMatchesSpec', () => {
  let api: TestChainApi
  beforeAll(async () => {
    api = await startTestChainApi({ modules: [supportedModule] })
  }, 60_000)
  afterAll(() => api?.close(), 30_000)

  it('accepts the real answers of the server', async () => {
    await expectMatchesSpec('get', '/v1/supported-chains', await api.get('/v1/supported-chains'))
    await expectMatchesSpec(
      'get',
      '/v1/supported-chains',
      await api.get('/v1/supported-chains', { projectId: 'x' }),
    )
    await expectMatchesSpec(
      'get',
      '/v1/supported-chains',
      await api.get('/v1/supported-chains', { sv: undefined }),
    )
  })

  it('rejects a body, a status or a content type the contract does not allow', async () => {
    const json = (body: unknown, status = 200) => Response.json(body, { status })
    await expect(
      expectMatchesSpec('get', '/v1/supported-chains', json({ http: [1], ws: [] })),
    ).rejects.toThrow('does not match openapi.yaml')
    await expect(
      expectMatchesSpec('get', '/v1/supported-chains', json({ http: [], ws: [], extra: true })),
    ).rejects.toThrow('must NOT have additional properties')
    await expect(expectMatchesSpec('get', '/v1/supported-chains', json({}, 418))).rejects.toThrow(
      'status not in the contract',
    )
    await expect(expectMatchesSpec('get', '/v1/supported-chains', new Response('hi'))).rejects.toThrow(
      'content type',
    )
    await expect(expectMatchesSpec('get', '/v1/supported-chains', json({ code: 1 }, 403))).rejects.toThrow(
      'does not match',
    )
  })
})
