/**
 * Social login flows (start → callback, 10 minutes) and tickets (callback → redeem, 60 s), each single use and
 * keyed by SHA-256 of its secret (`state`, the ticket): a database read alone finishes nobody's login.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto'
import type { SocialProvider } from '@keyframe/protocol/core'
import { SOCIAL_TICKET_TTL_MS } from '@keyframe/protocol/frame-api/social'
import { eq } from 'drizzle-orm'
import * as client from 'openid-client'
import type { ServerContext } from '../../context.ts'
import type { Db } from '../../db/createDatabase.ts'
import { socialFlows, socialTickets } from '../../db/schema/social.ts'
import type { ProviderAccount } from './providers.ts'

/** How long the person has at the provider. */
export const SOCIAL_FLOW_TTL_MS = 10 * 60_000

const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('base64url')

export type Flow = typeof socialFlows.$inferSelect

/** Stores a new flow; returns its `state`, `nonce` and the PKCE challenge for the authorization URL. */
export async function createFlow(
  ctx: ServerContext,
  flow: {
    projectId: string
    provider: SocialProvider
    devicePublicKey: string
    parentOrigin: string
    returnTo: string | null
  },
): Promise<{ state: string; nonce: string; codeChallenge: string }> {
  const state = client.randomState()
  const nonce = client.randomNonce()
  const codeVerifier = client.randomPKCECodeVerifier()
  const now = ctx.now()
  await ctx.db.insert(socialFlows).values({
    ...flow,
    stateHash: digest(state),
    nonce,
    codeVerifier,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SOCIAL_FLOW_TTL_MS),
  })
  return { state, nonce, codeChallenge: await client.calculatePKCECodeChallenge(codeVerifier) }
}

/** Takes (deletes) the flow of a `state`: a callback is answered once. Expired ones come back too (to say so). */
export async function takeFlow(db: Db, state: string): Promise<Flow | undefined> {
  const [flow] = await db
    .delete(socialFlows)
    .where(eq(socialFlows.stateHash, digest(state)))
    .returning()
  return flow
}

/** Stores the account a flow proved, for the flow's device and project; returns the ticket (43 characters). */
export async function issueTicket(ctx: ServerContext, flow: Flow, account: ProviderAccount): Promise<string> {
  const ticket = randomBytes(32).toString('base64url')
  const now = ctx.now()
  await ctx.db.insert(socialTickets).values({
    ticketHash: digest(ticket),
    projectId: flow.projectId,
    devicePublicKey: flow.devicePublicKey,
    provider: flow.provider,
    ...account,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SOCIAL_TICKET_TTL_MS),
  })
  return ticket
}

export type Ticket = typeof socialTickets.$inferSelect

/** Takes (deletes) a ticket: whatever happens next, it is used. */
export async function takeTicket(db: Db, ticket: string): Promise<Ticket | undefined> {
  const [row] = await db
    .delete(socialTickets)
    .where(eq(socialTickets.ticketHash, digest(ticket)))
    .returning()
  return row
}
