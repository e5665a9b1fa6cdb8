/**
 * Sign In With Farcaster: `/api/auth/farcaster/*`. The flow and why it is shaped this way: `FLOW.md` beside
 * this file.
 * @module
 */
import { randomBytes } from 'node:crypto'
import { connectFarcaster, startFarcasterLogin } from '@keyframe/protocol/frame-api/farcaster'
import { fail, failRetryAfter, jsonBody } from '@keyframe/server-kit'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import type { Project } from '../../config.ts'
import type { ServerContext } from '../../context.ts'
import { farcasterLogins } from '../../db/schema/farcaster.ts'
import { getProject } from '../../projects/store.ts'
import { completeLogin } from '../completeLogin.ts'
import { requireDeviceProof } from '../deviceProof.ts'
import { loginAnswer, noticeNewDevice } from '../loginAnswer.ts'
import { limitLoginCall } from '../loginCallLimits.ts'
import { assertSessionTransport } from '../session.ts'
import type { FarcasterConfig } from './config.ts'
import { openChannel, readChannel } from './relayClient.ts'
import { verifySiwf } from './verifySiwf.ts'

/** How long a person has to sign in with their Farcaster app: the nonce's and the message's lifetime. */
export const FARCASTER_LOGIN_TTL_MS = 5 * 60_000

const EXPIRED = 'The login expired. Please try again.'
const UNREACHABLE = 'Farcaster is not reachable. Please try again.'
/** The words of each refusal (owners' shared decisions; the frame shows them). */
const REFUSALS = {
  expired: EXPIRED,
  failed: 'The login could not be completed. Please try again.',
  invalid_signature: "The Farcaster signature is not from the account's custody address",
} as const

export function farcasterAuthRoutes(ctx: ServerContext, config: FarcasterConfig | undefined) {
  /** The login's project, with Farcaster on for it and configured on this server. */
  const projectFor = async (id: string): Promise<{ project: Project; config: FarcasterConfig }> => {
    const project = await getProject(ctx.db, id)
    if (!project) fail(403, 'invalid_key', 'Invalid key')
    if (!config || !project.loginMethods.includes('farcaster'))
      fail(403, 'provider_disabled', 'Login with Farcaster is not enabled for this project')
    return { project, config }
  }
  /** The frame's own origin: the message's domain (its host) and URI. */
  const frameOrigin = (c: Context) => ctx.publicUrl ?? new URL(c.req.url).origin

  return (
    new Hono()
      /**
       * GET_FARCASTER_URI: a nonce bound to this project and device key (replacing the device's earlier one)
       * and a relay channel for it; answers the `farcaster://connect` URI the frame shows as a QR.
       */
      .post('/start', jsonBody(startFarcasterLogin.body), async (c) => {
        const body = c.req.valid('json')
        assertSessionTransport(c, ctx)
        const { project, config } = await projectFor(body.projectId)
        await limitLoginCall(ctx, c, 'start', project.id)
        const now = ctx.now()
        const expiresAt = new Date(now.getTime() + FARCASTER_LOGIN_TTL_MS)
        const origin = frameOrigin(c)
        const nonce = randomBytes(16).toString('hex')
        let channel: { channelToken: string; url: string }
        try {
          channel = await openChannel(config, {
            siweUri: `${origin}/`,
            domain: new URL(origin).host,
            nonce,
            expirationTime: expiresAt.toISOString(),
          })
        } catch (error) {
          ctx.logger.error('farcaster: the relay did not open a channel', { error })
          fail(502, 'relay_unavailable', UNREACHABLE)
        }
        const row = { nonce, channelToken: channel.channelToken, createdAt: now, expiresAt, usedAt: null }
        await ctx.db
          .insert(farcasterLogins)
          .values({ projectId: project.id, devicePublicKey: body.devicePublicKey, ...row })
          .onConflictDoUpdate({
            target: [farcasterLogins.projectId, farcasterLogins.devicePublicKey],
            set: row,
          })
        return c.json({ url: channel.url })
      })

      /**
       * CONNECT_FARCASTER: polled, signed by the device key. 202 `{ status: 'pending' }` until the Farcaster
       * app signed; then the message is checked once (the nonce is used up, good or bad) and the login
       * completes as the fid's account.
       */
      .post('/connect', requireDeviceProof(ctx, 'body'), jsonBody(connectFarcaster.body), async (c) => {
        const body = c.req.valid('json')
        const transport = assertSessionTransport(c, ctx)
        const { project, config } = await projectFor(body.projectId)
        const open = and(
          eq(farcasterLogins.projectId, project.id),
          eq(farcasterLogins.devicePublicKey, body.devicePublicKey),
          isNull(farcasterLogins.usedAt),
          gt(farcasterLogins.expiresAt, ctx.now()),
        )
        const [login] = await ctx.db.select().from(farcasterLogins).where(open)
        if (!login) fail(401, 'expired', EXPIRED)
        let channel: Awaited<ReturnType<typeof readChannel>>
        try {
          channel = await readChannel(config, login.channelToken)
        } catch (error) {
          ctx.logger.warn('farcaster: the relay did not answer the channel status', { error })
          fail(502, 'relay_unavailable', UNREACHABLE)
        }
        if (channel.state === 'pending') return c.json({ status: 'pending' as const }, 202)
        if (channel.state === 'gone') fail(401, 'expired', EXPIRED)

        let check: Awaited<ReturnType<typeof verifySiwf>>
        try {
          check = await verifySiwf(
            config,
            { message: channel.message, signature: channel.signature as `0x${string}` },
            { nonce: login.nonce, origin: frameOrigin(c), now: ctx.now() },
          )
        } catch (error) {
          // The chain did not answer: nothing is used up, the next poll checks again.
          ctx.logger.warn('farcaster: the IdRegistry could not be read', { error })
          fail(502, 'chain_unavailable', UNREACHABLE)
        }
        const result = await ctx.db.transaction(async (tx) => {
          // Used once, whatever the check said: the first of two concurrent polls wins.
          const [used] = await tx
            .update(farcasterLogins)
            .set({ usedAt: ctx.now() })
            .where(and(open, eq(farcasterLogins.nonce, login.nonce)))
            .returning({ nonce: farcasterLogins.nonce })
          if (!used) return { ok: false, reason: 'expired' } as const
          if (!check.ok) return check
          return completeLogin(tx, ctx, {
            who: {
              provider: 'farcaster',
              subject: String(check.fid),
              username: channel.username ?? null,
              email: null,
              emailVerified: false,
            },
            projectId: project.id,
            projectRecoveryMode: project.recoveryMode,
            devicePublicKey: body.devicePublicKey,
            via: 'login',
          })
        })
        if (!result.ok) {
          if (result.reason === 'too_many_devices')
            failRetryAfter(
              'too_many_devices',
              result.retryAfterMs,
              'Too many new devices today. Please try again tomorrow.',
            )
          fail(401, result.reason, REFUSALS[result.reason])
        }
        noticeNewDevice(ctx, result, project.name)
        return c.json(loginAnswer(ctx, c, transport, result))
      })
  )
}
