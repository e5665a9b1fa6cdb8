/**
 * Checks a real answer of the server against the published contract, `chain-api/openapi.yaml`, with ajv —
 * independent of the zod schemas the server and the SDK use, so a drift between what is published and what
 * is served fails a test.
 * @module
 */
import { readFileSync } from 'node:fs'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { parse } from 'yaml'
import { OPENAPI_FILE } from '../openapi/buildOpenApi.ts'

type Json = Record<string, unknown>

let document: Json | undefined
const validators = new Map<string, ValidateFunction>()
// strict: false — OpenAPI keywords (e.g. `x-auth`) and zod's `format`s are not ajv's concern here.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })

function spec(): Json {
  document ??= parse(readFileSync(OPENAPI_FILE, 'utf8')) as Json
  return document
}

/** Replaces document-local `$ref`s (`#/components/…`) by their targets. */
function deref(value: unknown, depth = 0): unknown {
  if (depth > 50) throw new Error('openapi.yaml: $ref nesting too deep')
  if (Array.isArray(value)) return value.map((v) => deref(v, depth + 1))
  if (value === null || typeof value !== 'object') return value
  const ref = (value as Json).$ref
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    let target: unknown = spec()
    for (const part of ref.slice(2).split('/'))
      target = (target as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
    if (target === undefined) throw new Error(`openapi.yaml: dangling $ref ${ref}`)
    return deref(target, depth + 1)
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deref(v, depth + 1)]))
}

/**
 * Asserts that `response` (status, content type and JSON body) is one the contract allows for this operation.
 * Reads the body of a clone, so the caller can still read it.
 * @throws Error describing the mismatch (an undocumented status, a wrong content type, schema errors).
 * @example
 * const res = await api.get(`/v1/account/${address}/history`, { chainId: 'eip155:31337' })
 * await expectMatchesSpec('get', '/v1/account/{address}/history', res)
 */
export async function expectMatchesSpec(
  method: 'get' | 'post',
  pathTemplate: string,
  response: Response,
): Promise<void> {
  const paths = spec().paths as Record<string, Json>
  const operation = paths[pathTemplate]?.[method] as Json | undefined
  if (!operation) throw new Error(`openapi.yaml has no ${method.toUpperCase()} ${pathTemplate}`)
  const where = `${method.toUpperCase()} ${pathTemplate} → ${response.status}`
  const responses = operation.responses as Json
  const declared = responses[String(response.status)] ?? responses.default
  if (!declared)
    throw new Error(`${where}: status not in the contract (${Object.keys(responses).join(', ')})`)
  const content = (deref(declared) as Json).content as Record<string, Json> | undefined
  if (!content) return
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? ''
  const media = content[type]
  if (!media)
    throw new Error(
      `${where}: content type ${type || '(none)'} not in the contract (${Object.keys(content).join(', ')})`,
    )
  if (type !== 'application/json') return
  const key = `${method} ${pathTemplate} ${response.status}`
  let validate = validators.get(key)
  if (!validate) {
    validate = ajv.compile(deref(media.schema) as Json)
    validators.set(key, validate)
  }
  const body: unknown = await response.clone().json()
  if (!validate(body)) {
    const errors = (validate.errors ?? []).map(
      (e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
    )
    throw new Error(
      `${where}: the body does not match openapi.yaml:\n  ${errors.join('\n  ')}\n  body: ${JSON.stringify(body).slice(0, 2000)}`,
    )
  }
}
