/**
 * The frame's client for its own server (`frame-app/server`, same origin). A refusal becomes the
 * protocol error the parent shows: the cooldown and 'Invalid key' in the spec's words, anything else a
 * `RefusedError` carrying the server's message. Nothing here logs a body: bodies hold codes and shares.
 * @module
 */
import {
  EmailCooldownError,
  InternalError,
  InvalidKeyError,
  type ProtocolError,
  RefusedError,
  RequestAbortedError,
  UnauthorizedError,
} from '@keyframe/protocol/core'
import type { TokenStore } from './tokenStore.ts'

export type Api = {
  /**
   * Calls `path` on the frame's server with a JSON body (when given) and the session (the bearer token on
   * plain-http localhost; the `__Host-` cookie otherwise, sent by the browser itself).
   * @returns The parsed JSON body and the status (2xx only).
   * @throws ProtocolError for every refusal or failure (see the module doc).
   */
  call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options?: { body?: unknown; signal?: AbortSignal },
  ): Promise<{ status: number; body: T }>
}

export type CreateApiParameters = {
  /** The server's origin: the frame document's own (`location.origin`). */
  origin: string
  tokens: TokenStore
  /** `fetch` by default; tests pass the server app's `request`. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>
}

export function createApi(parameters: CreateApiParameters): Api {
  const { origin, tokens } = parameters
  const doFetch = parameters.fetch ?? ((input, init) => fetch(input, init))
  return {
    async call<T>(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      path: string,
      options: { body?: unknown; signal?: AbortSignal } = {},
    ) {
      const headers: Record<string, string> = {}
      if (options.body !== undefined) headers['content-type'] = 'application/json'
      const token = tokens.get()
      if (token) headers.authorization = `Bearer ${token}`
      let response: Response
      try {
        response = await doFetch(new URL(path, origin).href, {
          method,
          headers,
          credentials: 'same-origin',
          ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
          ...(options.signal && { signal: options.signal }),
        })
      } catch (cause) {
        if (options.signal?.aborted) throw new RequestAbortedError('other')
        throw new InternalError('Something went wrong', { cause })
      }
      const body = (await response.json().catch(() => undefined)) as unknown
      if (response.ok) return { status: response.status, body: body as T }
      throw toProtocolError(response, body)
    },
  }
}

/** The protocol error for a refused call. */
function toProtocolError(response: Response, body: unknown): ProtocolError {
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown }
  const reason = typeof code === 'string' ? code : `http_${response.status}`
  const text = typeof message === 'string' && message !== '' ? message : 'Something went wrong'
  const retryAfter = Number(response.headers.get('retry-after'))
  if (reason === 'cooldown' && retryAfter > 0) return new EmailCooldownError(retryAfter)
  if (reason === 'invalid_key') return new InvalidKeyError()
  if (response.status === 401) return new UnauthorizedError(text)
  if (response.status >= 500 && reason.startsWith('http_')) return new InternalError()
  return new RefusedError(text, reason, retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {})
}
