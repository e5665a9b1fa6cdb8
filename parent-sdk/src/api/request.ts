/**
 * One generic call of the chain API: the URL from the endpoint's declaration, a JSON body for POSTs, the
 * answer checked with the endpoint's own response schema, and every failure as a `ChainApiError`.
 * The endpoint objects come from `@keyframe/protocol/chain-api/<area>`, the same ones the server mounts.
 * @module
 */
import { type Endpoint, errorBody } from '@keyframe/protocol/chain-api/endpoint'
import type * as z from 'zod/mini'
import { ChainApiError } from './chainApiError.ts'
import { type ChainApiTarget, endpointUrl } from './endpointUrl.ts'

/** The input type of one part (`params`, `query`, `body`) of an endpoint, or `undefined` when it has none. */
type PartInput<E, K extends 'params' | 'query' | 'body'> = E extends {
  [P in K]: infer S extends z.ZodMiniType
}
  ? z.input<S>
  : undefined

/** A part is required when the endpoint declares it and some of its fields are required. */
type Part<E, K extends 'params' | 'query' | 'body'> =
  PartInput<E, K> extends undefined
    ? { [P in K]?: undefined }
    : // biome-ignore lint/complexity/noBannedTypes: `{}` asks "are all its fields optional?"
      {} extends PartInput<E, K>
      ? { [P in K]?: PartInput<E, K> }
      : { [P in K]: PartInput<E, K> }

/** What a call of endpoint `E` takes: its path params, query and body as typed by its schemas, and a signal. */
export type RequestInput<E extends Endpoint> = Part<E, 'params'> &
  Part<E, 'query'> &
  Part<E, 'body'> & {
    /** Aborting it rejects the call with the signal's reason (an `AbortError`), not a ChainApiError. */
    signal?: AbortSignal | undefined
  }

/** The checked answer of endpoint `E`; a `Blob` for endpoints that answer something other than JSON. */
export type ResponseOf<E extends Endpoint> = E extends { response: infer R extends z.ZodMiniType }
  ? z.output<R>
  : Blob

/** The arguments after the endpoint: the input may be left out when nothing in it is required. */
export type RequestArgs<E extends Endpoint> =
  // biome-ignore lint/complexity/noBannedTypes: see Part
  {} extends RequestInput<E> ? [input?: RequestInput<E>] : [input: RequestInput<E>]

/** What a call needs besides the endpoint: the target and the fetch to use. */
export type RequestContext = ChainApiTarget & {
  /** Default: the global `fetch`, read at call time. */
  readonly fetch?: typeof fetch | undefined
}

/**
 * Calls `endpoint` and resolves with its answer, checked by `endpoint.response`.
 * @throws ChainApiError: the server's `{ code, message }` for a 4xx/5xx (else 'HTTP status code: {status}'),
 *   `invalid_response` when the answer does not match the schema, `network_error` (status 0) when none came.
 */
export async function request<E extends Endpoint>(
  context: RequestContext,
  endpoint: E,
  ...[input]: RequestArgs<E>
): Promise<ResponseOf<E>> {
  const { params, query, body, signal } = (input ?? {}) as {
    params?: object
    query?: object
    body?: unknown
    signal?: AbortSignal
  }
  const url = endpointUrl(context, endpoint, { params, query })
  const what = `${endpoint.method.toUpperCase()} ${endpoint.path}`
  const doFetch = context.fetch ?? globalThis.fetch
  let response: Response
  try {
    response = await doFetch(url, {
      method: endpoint.method.toUpperCase(),
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    // The caller's abort stays an abort: callers tell "I cancelled" from "it failed" by the signal.
    if (signal?.aborted) throw signal.reason
    throw new ChainApiError(0, 'network_error', `Failed to reach the chain API (${what})`, { cause: error })
  }
  if (!response.ok) throw await errorOf(response)
  if (endpoint.response === null) return (await response.blob()) as ResponseOf<E>
  let json: unknown
  try {
    json = await response.json()
  } catch (error) {
    if (signal?.aborted) throw signal.reason
    throw new ChainApiError(response.status, 'invalid_response', `Invalid answer from ${what}: not JSON`, {
      cause: error,
    })
  }
  const parsed = endpoint.response.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    // zod mini ships no locale: 'Invalid input' alone would not say what was wrong.
    const rule = issue?.code === 'invalid_type' ? `expected ${issue.expected}` : issue?.message
    throw new ChainApiError(
      response.status,
      'invalid_response',
      `Invalid answer from ${what}: ${where}${rule}`,
      {
        cause: parsed.error,
      },
    )
  }
  return parsed.data as ResponseOf<E>
}

/** The error of a non-OK answer: its `{ code, message }` body when it has one (SPEC §8 otherwise). */
async function errorOf(response: Response): Promise<ChainApiError> {
  const fallback = `HTTP status code: ${response.status}`
  try {
    const parsed = errorBody.safeParse(await response.json())
    if (parsed.success && parsed.data.message)
      return new ChainApiError(response.status, parsed.data.code || 'http_error', parsed.data.message)
  } catch {
    // Not JSON (a proxy's HTML page, an empty 503): the status is all there is.
  }
  return new ChainApiError(response.status, 'http_error', fallback)
}
