/**
 * Mounts one endpoint declared in `@keyframe/protocol/chain-api/<area>` on chain-api's app: the path template
 * becomes a Hono path, the project guard runs according to `auth`, path params, query and JSON body are
 * validated with the endpoint's own schemas (400 `invalid_params` 'field: message'), and the handler's result
 * is sent as JSON. The same declaration drives the SDK client and `openapi.yaml`, so what is mounted here is
 * what is published.
 * @module
 */
import type { Endpoint } from '@keyframe/protocol/chain-api/endpoint'
import { fail, parseOrFail } from '@keyframe/server-kit'
import type { Context, Hono } from 'hono'
import type * as z from 'zod/mini'
import type { ProjectConfig } from '../config.ts'
import type { ChainApiEnv } from '../context.ts'
import { guardProject } from '../project/guard.ts'

type Out<S> = S extends z.ZodMiniType ? z.output<S> : undefined

/** What a handler receives: validated input, the calling project (undefined for `public`), Hono's context. */
export type RouteInput<E extends Endpoint> = {
  params: Out<E['params']>
  query: Out<E['query']>
  body: Out<E['body']>
  project: E['auth'] extends 'public' ? ProjectConfig | undefined : ProjectConfig
  c: Context<ChainApiEnv>
}

/** The JSON answer (before its schema's transforms) or, for any endpoint, a ready Response. */
export type RouteResult<E extends Endpoint> =
  | (E['response'] extends z.ZodMiniType ? z.input<E['response']> : never)
  | Response

export type RouteOptions = {
  /**
   * Do not read the body: the handler reads `c.req` itself and `body` is undefined. For the RPC gateway,
   * whose malformed JSON is a JSON-RPC error (-32700) rather than a 400 `{ code, message }`.
   */
  rawBody?: boolean
}

/** `/v1/account/{address}/history` → `/v1/account/:address/history`. */
export function honoPath(template: string): string {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1')
}

const JSON_TYPE = /^application\/json(;|$)/i

async function readJson(c: Context<ChainApiEnv>): Promise<unknown> {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? ''))
    fail(415, 'unsupported_media_type', 'Expected application/json')
  try {
    return await c.req.json()
  } catch {
    fail(400, 'invalid_params', 'Malformed JSON in request body')
  }
}

/**
 * Registers `e` on `app`.
 * @example
 * route(app, getHistory, async ({ params, query }) => ({ data: await historyOf(ctx, params.address, query), next: null }))
 */
export function route<E extends Endpoint>(
  app: Hono<ChainApiEnv>,
  e: E,
  handler: (input: RouteInput<E>) => Promise<RouteResult<E>> | RouteResult<E>,
  options: RouteOptions = {},
): void {
  const path = honoPath(e.path)
  app.on(e.method.toUpperCase(), path, async (c) => {
    const rawQuery = c.req.query()
    const project = guardProject(c.get('ctx').config, e.auth, rawQuery, c.req.header('Origin'))
    const params = e.params ? parseOrFail(e.params, c.req.param()) : undefined
    const query = e.query ? parseOrFail(e.query, rawQuery) : undefined
    const body = e.body && !options.rawBody ? parseOrFail(e.body, await readJson(c)) : undefined
    const input = { params, query, body, project, c } as RouteInput<E>
    const result = await handler(input)
    if (result instanceof Response) return result
    return c.json(result as object)
  })
}
