/**
 * The frame's client for its own server (`frame-app/server`, same origin), driven by the route declarations
 * of `@keyframe/protocol/frame-api/*`: each call names its route (all of them load with the frame's first
 * script, so no later chunk carries schemas of its own), sends the declared params and body, signs
 * the request with the device key when the route's `auth` is `device` (a server nonce, then the signature
 * over method, path, body hash and nonce), and checks the answer with the route's schema. A refusal becomes
 * the protocol error the parent shows: the cooldown and 'Invalid key' in the spec's words, anything else a
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
import { deviceProofHeaders, issueDeviceNonce } from '@keyframe/protocol/frame-api/deviceProof'
import {
  type FrameRoute,
  type RouteAnswer,
  type RouteBody,
  type RouteParams,
  routePath,
} from '@keyframe/protocol/frame-api/route'
import { type FrameApi, type FrameRouteName, frameApi } from '@keyframe/protocol/frame-api/routes'
import type * as z from 'zod/mini'
import type { DeviceStore } from '../wallet/deviceStore.ts'
import type { TokenStore } from './tokenStore.ts'

/** What a call of `R` passes: its path params and body when it declares them, and an abort signal. */
export type CallOptions<R extends FrameRoute> = {
  signal?: AbortSignal | undefined
} & (R['params'] extends z.ZodMiniType ? { params: RouteParams<R> } : { params?: undefined }) &
  (R['body'] extends z.ZodMiniType ? { body: RouteBody<R> } : { body?: undefined })

type CallArguments<R extends FrameRoute> = R['params'] extends z.ZodMiniType
  ? [options: CallOptions<R>]
  : R['body'] extends z.ZodMiniType
    ? [options: CallOptions<R>]
    : [options?: CallOptions<R>]

export type Api = {
  /** The server's origin, which is the frame document's own: a social login's done URI must be on it. */
  readonly origin: string
  /**
   * Calls the route named `name` (`@keyframe/protocol/frame-api/routes`) on the frame's server with the session (the bearer token on plain-http localhost; the
   * `__Host-` cookie otherwise, sent by the browser itself).
   * @returns The answer, checked by the route's schema, and the status (2xx only).
   * @throws ProtocolError for every refusal or failure (see the module doc).
   */
  call<N extends FrameRouteName>(
    name: N,
    ...options: CallArguments<FrameApi[N]>
  ): Promise<{ status: number; body: RouteAnswer<FrameApi[N]> }>
}

export type CreateApiParameters = {
  /** The server's origin: the frame document's own (`location.origin`). */
  origin: string
  tokens: TokenStore
  /** This storage partition's device store, whose key signs the `device` routes' requests. */
  devices: () => Promise<Pick<DeviceStore, 'signWithDevice'>>
  /** `fetch` by default; tests pass the server app's `request`. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>
}

export function createApi(parameters: CreateApiParameters): Api {
  const { origin, tokens } = parameters
  const doFetch = parameters.fetch ?? ((input, init) => fetch(input, init))

  const send = async (
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal | undefined,
  ) => {
    const token = tokens.get()
    if (token) headers.authorization = `Bearer ${token}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    let response: Response
    try {
      response = await doFetch(new URL(path, origin).href, {
        method,
        headers,
        credentials: 'same-origin',
        ...(body !== undefined && { body }),
        ...(signal && { signal }),
      })
    } catch (cause) {
      if (signal?.aborted) throw new RequestAbortedError('other')
      throw new InternalError('Something went wrong', { cause })
    }
    const json = (await response.json().catch(() => undefined)) as unknown
    if (!response.ok) throw toProtocolError(response, json)
    return { status: response.status, json }
  }

  /** The device proof headers of a request: a fresh nonce, and the device key's signature over the request. */
  const prove = async (
    method: string,
    path: string,
    body: string | undefined,
    signal: AbortSignal | undefined,
  ) => {
    const [{ json }, store] = await Promise.all([
      send(issueDeviceNonce.method, issueDeviceNonce.path, {}, undefined, signal),
      parameters.devices(),
    ])
    const issued = issueDeviceNonce.response.safeParse(json)
    if (!issued.success) throw new InternalError('Something went wrong')
    return deviceProofHeaders({ method, path, body, nonce: issued.data.nonce }, (message) =>
      store.signWithDevice(message),
    )
  }

  return {
    origin,
    async call<N extends FrameRouteName>(name: N, ...[options]: CallArguments<FrameApi[N]>) {
      const route: FrameRoute = frameApi[name]
      const signal = options?.signal
      const path = routePath(route, options?.params as Record<string, string> | undefined)
      const body = options?.body === undefined ? undefined : JSON.stringify(options.body)
      const headers = route.auth === 'device' ? await prove(route.method, path, body, signal) : {}
      const { status, json } = await send(route.method, path, headers, body, signal)
      const answer = route.response.safeParse(json)
      if (!answer.success) throw new InternalError('Something went wrong')
      return { status, body: answer.data as RouteAnswer<FrameApi[N]> }
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
