/**
 * The sessions endpoints (`/v1/sessions/{account}`): list, create and revoke the sessions an account granted to
 * the calling project. Creating and revoking need the account's signature over the texts of
 * `@keyframe/protocol/chain-api/sessions`.
 * @module
 */
import {
  createSession as createSessionEndpoint,
  getSessions,
  revokeSession as revokeSessionEndpoint,
  SESSION_MAX_DURATION_MS,
  SESSION_MESSAGE_MAX_AGE_MS,
  sessionCreateText,
  sessionRevokeText,
} from '@keyframe/protocol/chain-api/sessions'
import { fail } from '@keyframe/server-kit'
import type { Hono } from 'hono'
import type { ChainApiContext, ChainApiEnv } from '../context.ts'
import { route } from '../http/route.ts'
import { verifySignature } from '../identity/verifySignature.ts'
import { createSession } from './createSession.ts'
import { listSessions } from './listSessions.ts'
import { revokeSession } from './revokeSession.ts'
import { type SessionAccount, sessionAccount } from './sessionAccount.ts'

/** The account of a create / revoke call, or 400 for a network without sessions here. */
function supportedAccount(account: string, ctx: ChainApiContext): SessionAccount {
  const found = sessionAccount(account, ctx.chains)
  if (!found)
    fail(400, 'unsupported_chain', `Unsupported chainId: ${account.split(':').slice(0, 2).join(':')}`)
  return found
}

async function checkSignature(
  ctx: ChainApiContext,
  account: SessionAccount,
  message: string,
  signature: string,
) {
  const signed = await verifySignature({
    address: account.address,
    message,
    signature,
    client: account.chain.client,
    log: ctx.log,
  })
  if (!signed)
    fail(401, 'invalid_signature', 'Invalid signature: the session text was not signed by the account')
}

/** Mounts the `/v1/sessions/*` endpoints. */
export function sessionRoutes(app: Hono<ChainApiEnv>, ctx: ChainApiContext): void {
  route(app, getSessions, async ({ params, project }) => {
    const account = sessionAccount(params.account, ctx.chains)
    if (!account) return { pcis: [] }
    const owner = { chainId: account.chain.caip2, address: account.address, projectId: project.id }
    return { pcis: await listSessions(ctx.db, owner) }
  })

  route(app, createSessionEndpoint, async ({ params, body, project }) => {
    const account = supportedAccount(params.account, ctx)
    const now = ctx.now()
    if (Math.abs(body.timestamp * 1000 - now.getTime()) > SESSION_MESSAGE_MAX_AGE_MS)
      fail(400, 'invalid_params', 'timestamp: Must be within 10 minutes of the server time (seconds)')
    const expiresAt = new Date(body.expiry * 1000)
    if (expiresAt <= now) fail(400, 'invalid_params', 'expiry: Must be in the future (seconds)')
    if (expiresAt.getTime() - now.getTime() > SESSION_MAX_DURATION_MS)
      fail(400, 'invalid_params', 'expiry: Must be at most a year ahead')
    const policies = body.policies ?? []
    const message = sessionCreateText({
      account: params.account,
      projectId: project.id,
      permissions: body.permissions,
      policies,
      expiry: body.expiry,
      timestamp: body.timestamp,
    })
    await checkSignature(ctx, account, message, body.signature)
    const created = await createSession(ctx.db, {
      chainId: account.chain.caip2,
      address: account.address,
      projectId: project.id,
      permissions: body.permissions,
      policies,
      expiresAt,
      message,
      now,
    })
    if (!created.ok) fail(409, 'session_exists', 'This signed session text was already used')
    return created.session
  })

  route(app, revokeSessionEndpoint, async ({ params, body, project }) => {
    const account = supportedAccount(params.account, ctx)
    await checkSignature(
      ctx,
      account,
      sessionRevokeText({ account: params.account, pci: body.pci }),
      body.signature,
    )
    const revoked = await revokeSession(ctx.db, {
      chainId: account.chain.caip2,
      address: account.address,
      projectId: project.id,
      pci: body.pci,
      now: ctx.now(),
    })
    if (!revoked) fail(404, 'not_found', `Session not found: ${body.pci}`)
    return revoked
  })
}
