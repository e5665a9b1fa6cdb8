/**
 * The gateway's endpoints: `POST /v1/?chainId&projectId` to a chain's node and `POST /v1/bundler` to its
 * bundler. The project guard (projectId, Origin) runs in `route()`; then the chain, the body, the project's
 * rate limit, and the relay.
 * @module
 */
import { postBundler, postRpc } from '@keyframe/protocol/chain-api/gateway'
import { fail, failRetryAfter } from '@keyframe/server-kit'
import type { Context, Hono } from 'hono'
import type { ProjectConfig } from '../config.ts'
import type { ChainApiContext, ChainApiEnv } from '../context.ts'
import { route } from '../http/route.ts'
import { BUNDLER_METHODS, GATEWAY_METHODS } from './allowlist.ts'
import { type JsonRpcPayload, parseJsonRpc } from './jsonRpc.ts'
import type { RpcRateLimiter } from './rateLimiter.ts'
import { type RelayAnswer, relayJsonRpc } from './relay.ts'
import type { Upstream } from './upstream.ts'

export type GatewayDeps = { limiter: RpcRateLimiter; upstream: Upstream }

const JSON_TYPE = /^application\/json(;|$)/i

/** The configured chain of `chainId`, or 400 unsupported_chain. */
function chainOf(ctx: ChainApiContext, chainId: string) {
  const chain = ctx.chains.get(chainId)
  if (!chain) fail(400, 'unsupported_chain', `Unsupported chainId: ${chainId}`)
  return chain
}

/**
 * The body parsed and counted against the project's limit: each batch item is a call. A refused payload
 * (not JSON, empty, or a batch over the size limit) reaches no node and is answered before the limit, so
 * that a batch of 10,000 reads "at most 100", not "try again".
 */
async function readPayload(
  c: Context<ChainApiEnv>,
  limiter: RpcRateLimiter,
  project: ProjectConfig,
): Promise<JsonRpcPayload> {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? ''))
    fail(415, 'unsupported_media_type', 'Expected application/json')
  const payload = parseJsonRpc(await c.req.text())
  if (payload.kind === 'refused') return payload
  const decision = limiter.take(project.id, project.rpcRateLimit, payload.count)
  if (!decision.ok) failRetryAfter('rate_limited', decision.retryAfterMs)
  return payload
}

function respond(answer: RelayAnswer): Response {
  if (answer.body === null) return new Response(null, { status: 204 })
  return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } })
}

/** Registers the gateway's two endpoints. */
export function gatewayRoutes(app: Hono<ChainApiEnv>, ctx: ChainApiContext, deps: GatewayDeps): void {
  route(
    app,
    postRpc,
    async ({ query, project, c }) => {
      const chain = chainOf(ctx, query.chainId)
      const payload = await readPayload(c, deps.limiter, project)
      const answer = await relayJsonRpc(deps.upstream, chain.rpcUrl, payload, {
        allowed: GATEWAY_METHODS,
        // The node's URL stays out of the log: it may carry a provider's key.
        onFailure: (failure) =>
          ctx.log.warn('gateway: node failed', {
            chainId: chain.caip2,
            status: failure.status,
            reason: failure.message,
          }),
      })
      return respond(answer)
    },
    { rawBody: true },
  )

  route(
    app,
    postBundler,
    async ({ query, project, c }) => {
      const chain = chainOf(ctx, query.chainId)
      const { bundlerUrl } = chain
      if (!bundlerUrl) fail(400, 'no_bundler', `No bundler for chainId: ${query.chainId}`)
      const payload = await readPayload(c, deps.limiter, project)
      const answer = await relayJsonRpc(deps.upstream, bundlerUrl, payload, {
        allowed: BUNDLER_METHODS,
        // The SDK's wording (spec §8) with the bundler's status; 502 when it could not be reached.
        onFailure: (failure) => {
          ctx.log.warn('gateway: bundler failed', {
            chainId: chain.caip2,
            status: failure.status,
            reason: failure.message,
          })
          fail(502, 'bundler_error', `Failed to fetch user operation receipt - ${failure.status ?? 502}`)
        },
      })
      return respond(answer)
    },
    { rawBody: true },
  )
}
