/**
 * The chain API's contract, one endpoint at a time: method, path, the schemas of its path params, query and
 * body, and of its answer. The server mounts and validates from it, the SDK's clients build their requests
 * and check the answers with it, and `chain-api/openapi.yaml` is generated from it. Each area
 * (`./history.ts`, `./names.ts`, …) exports its endpoints; nothing restates them.
 * @module
 */
import * as z from 'zod/mini'
import { caip2, evmAddress } from '../schemas/common.ts'

/** Who may call: `project` needs projectId, st (sdk type) and sv (sdk version); `gateway` only projectId (RPC URLs); `public` nothing (sandbox pages). */
export type EndpointAuth = 'project' | 'gateway' | 'public'

export type Endpoint = {
  method: 'get' | 'post'
  /** OpenAPI path template, e.g. `/v1/account/{address}/history`. */
  path: string
  /** One line for the OpenAPI document. */
  summary: string
  auth: EndpointAuth
  /** Path parameters, by the names in `path`. */
  params?: z.ZodMiniObject
  /** Query parameters other than projectId / st / sv. */
  query?: z.ZodMiniObject
  /** JSON body (POST). */
  body?: z.ZodMiniType
  /** The 200 answer (`application/json`), or `null` for a non-JSON answer described in `produces`. */
  response: z.ZodMiniType | null
  /** Content type of a non-JSON answer (e.g. `image/svg+xml`, `text/html`). */
  produces?: string
  /** When the endpoint answers 204 with no body (e.g. JSON-RPC notifications): the 204's description. */
  noContent?: string
  /** The error statuses this endpoint answers besides the common 400 / 403 / 429, each with `{ code, message }`. */
  errors?: readonly number[]
}

/** Declares an endpoint, keeping its literal types for the clients. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e
}

/** The body of every 4xx / 5xx answer. */
export const errorBody = z.object({ code: z.string(), message: z.string() })
export type ErrorBody = z.infer<typeof errorBody>

/** What every `project` call carries (spec §7: sdk type, sdk version, projectId). */
export const projectQuery = z.object({
  projectId: z.string().check(z.minLength(1, 'Required'), z.maxLength(128)),
  st: z.string().check(z.minLength(1, 'Required'), z.maxLength(64)),
  sv: z.string().check(z.minLength(1, 'Required'), z.maxLength(64)),
})
export type ProjectQuery = z.infer<typeof projectQuery>

/** A CAIP-2 network id (`eip155:31337`). */
export const networkId = caip2
/** An EVM address in a path or query. */
export const address = evmAddress
/** A decimal integer as a string (token amounts in base units, wei). */
export const uintString = z.string().check(z.regex(/^\d{1,78}$/, 'Expected a decimal integer'))
/** A decimal number as a string (an amount in token units, e.g. `12.5`). */
export const decimalString = z.string().check(z.regex(/^\d{1,40}(\.\d{1,40})?$/, 'Expected a decimal number'))
