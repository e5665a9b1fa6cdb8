/**
 * The frame server's API (`frame-app/server`, called only by the frame on its own origin), one route at a
 * time: method, path, the schemas of its path params, body and answer, and who may call it. The server
 * validates with these schemas and the frame's client builds its calls and checks the answers with them,
 * so the two sides cannot drift. Each area (`./login.ts`, `./session.ts`, `./vault.ts`) exports its routes.
 * @module
 */
import type * as z from 'zod/mini'

/**
 * Who may call:
 * - `public`: anyone (a session, when sent, may change the answer);
 * - `session`: a valid session (401 'Session expired' without);
 * - `device`: a session and a fresh signature of the request by the session's device key (see
 *   `./deviceProof.ts`); with `proofKey: 'body'`, the signature is by the key the body names
 *   (`devicePublicKey`), which is how a code proves it was typed on the device it was sent for.
 */
export type FrameAuth = 'public' | 'session' | 'device'

export type FrameRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Path template, e.g. `/api/shares/device/{deviceId}`. */
  path: string
  auth: FrameAuth
  /** `body`: the device proof is checked against the body's `devicePublicKey` (login), not the session's. */
  proofKey?: 'body'
  /** Path parameters, by the names in `path`. */
  params?: z.ZodMiniObject
  /** JSON body. */
  body?: z.ZodMiniType
  /** The 2xx answer. */
  response: z.ZodMiniType
}

/** Declares a route, keeping its literal types for the client. */
export function frameRoute<const R extends FrameRoute>(route: R): R {
  return route
}

type Out<S> = S extends z.ZodMiniType ? z.output<S> : undefined
type In<S> = S extends z.ZodMiniType ? z.input<S> : undefined

/** The path params a call passes (by name), or undefined. */
export type RouteParams<R extends FrameRoute> = In<R['params']>
/** The body a call sends, or undefined. */
export type RouteBody<R extends FrameRoute> = In<R['body']>
/** The answer after its schema. */
export type RouteAnswer<R extends FrameRoute> = z.output<R['response']>
/** The answer as a handler writes it (before the schema's transforms). */
export type RouteReply<R extends FrameRoute> = z.input<R['response']>
/** The validated body a handler reads. */
export type RouteInput<R extends FrameRoute> = Out<R['body']>

/**
 * The concrete path of a call.
 * @example
 * routePath(releaseDeviceShare, { deviceId }) // '/api/shares/device/8f…'
 */
export function routePath(route: FrameRoute, params?: Record<string, string>): string {
  return route.path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new TypeError(`${route.path}: missing path parameter ${name}`)
    return encodeURIComponent(value)
  })
}

/** `/api/shares/device/{deviceId}` → `/api/shares/device/:deviceId` (Hono's syntax). */
export function honoPath(template: string): string {
  return template.replace(/\{([A-Za-z]+)\}/g, ':$1')
}
