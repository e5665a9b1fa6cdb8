/**
 * Social login: `/api/auth/social/{start,callback,redeem}` and the pages `/social/*`. The flow, the checks and
 * which account a provider's login joins: `FLOW.md` beside this file.
 * @module
 */
import { isOriginAllowed, SOCIAL_PROVIDERS, type SocialProvider } from '@keyframe/protocol'
import {
  redeemSocialLogin,
  SOCIAL_DONE_PATH,
  SOCIAL_ERROR_MESSAGES,
  SOCIAL_RETURN_PARAM,
  type SocialError,
  startSocialLogin,
} from '@keyframe/protocol/frame-api/social'
import { fail, jsonBody } from '@keyframe/server-kit'
import { type Context, Hono } from 'hono'
import type { ServerContext } from '../../context.ts'
import { getProject, getSocialClient } from '../../projects/store.ts'
import { completeLogin } from '../completeLogin.ts'
import { requireDeviceProof } from '../deviceProof.ts'
import { failTooManyDevices, loginAnswer, noticeNewDevice } from '../loginAnswer.ts'
import { limitLoginCall } from '../loginCallLimits.ts'
import { assertSessionTransport } from '../session.ts'
import { authorizationUrl, exchange, providerFor } from './exchange.ts'
import { createFlow, issueTicket, takeFlow, takeTicket } from './flows.ts'
import {
  callbackPage,
  popupPage,
  SOCIAL_CSS,
  SOCIAL_DONE_JS,
  SOCIAL_PAGE_HEADERS,
  SOCIAL_SCRIPT_PATH,
  SOCIAL_STYLE_PATH,
} from './pages.ts'
import { PROVIDERS } from './providers.ts'

/** What the person reads when a flow ends without a ticket (the frame refuses with the same words). */

/**
 * Why a provider step failed, in words only: openid-client's errors carry the provider's answer (the code,
 * the state) deeper in their causes, which must not reach a log.
 */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown'
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message
}

/** The frame server's own origin: where the callback and the done URI live. */
const frameOrigin = (ctx: ServerContext, c: Context) => ctx.publicUrl ?? new URL(c.req.url).origin

/** The exact redirect URI registered with every provider. */
export const redirectUriOf = (origin: string) => `${origin}/api/auth/social/callback`

/** `POST /api/auth/social/start` and `/redeem` (behind the API's same-origin rule). */
/** The message a start with `returnTo` gets where the redirect fallback is off (the person allows popups instead). */
export const POPUP_NEEDED =
  'Your browser blocked the login window. Please allow pop-ups for this site and try again.'

/**
 * `redirectFallback`: whether a login may come back by full-page redirect (`returnTo`) when the popup was
 * blocked. Off by default: the ticket then travels in the dApp page's URL, where a hostile page on an allowed
 * origin could take it and hand it to a browser of its own that started the flow (FLOW.md).
 */
export function socialAuthRoutes(ctx: ServerContext, { redirectFallback = false } = {}) {
  return (
    new Hono()
      .post('/start', jsonBody(startSocialLogin.body), async (c) => {
        const body = c.req.valid('json')
        assertSessionTransport(c, ctx)
        const project = await getProject(ctx.db, body.projectId)
        if (!project) fail(403, 'invalid_key', 'Invalid key')
        const social = await getSocialClient(ctx.db, project.id, body.provider)
        const { displayName } = PROVIDERS[body.provider]
        if (!social)
          fail(403, 'provider_disabled', `Login with ${displayName} is not enabled for this project`)
        if (!isOriginAllowed(body.parentOrigin, project.allowedOrigins))
          fail(403, 'origin_not_allowed', `Origin ${body.parentOrigin} is not allowed for this project`)
        if (body.returnTo !== undefined && !redirectFallback) fail(403, 'popup_needed', POPUP_NEEDED)
        // The fallback redirects the person (and the ticket) to `returnTo`: only on the parent's own origin.
        if (body.returnTo !== undefined && new URL(body.returnTo).origin !== body.parentOrigin)
          fail(400, 'invalid_return_to', `The login can only return to ${body.parentOrigin}`)
        await limitLoginCall(ctx, c, 'start', project.id)
        let provider: Awaited<ReturnType<typeof providerFor>>
        try {
          provider = await providerFor(body.provider, social)
        } catch (error) {
          ctx.logger.warn('social: provider unreachable', {
            provider: body.provider,
            reason: reasonOf(error),
          })
          fail(502, 'provider_unavailable', `${displayName} cannot be reached. Please try again.`)
        }
        const flow = await createFlow(ctx, {
          projectId: project.id,
          provider: body.provider,
          devicePublicKey: body.devicePublicKey,
          parentOrigin: body.parentOrigin,
          returnTo: body.returnTo ?? null,
        })
        const uri = authorizationUrl(body.provider, provider, redirectUriOf(frameOrigin(ctx, c)), flow)
        return c.json({ uri: uri.href })
      })

      /** CONNECT_SOCIAL: the ticket, once, by the device key and project its flow was started with. */
      .post('/redeem', requireDeviceProof(ctx, 'body'), jsonBody(redeemSocialLogin.body), async (c) => {
        const body = c.req.valid('json')
        const transport = assertSessionTransport(c, ctx)
        const project = await getProject(ctx.db, body.projectId)
        if (!project) fail(403, 'invalid_key', 'Invalid key')
        await limitLoginCall(ctx, c, 'verify', project.id)
        const result = await ctx.db.transaction(async (tx) => {
          const ticket = await takeTicket(tx, body.ticket)
          if (
            !ticket ||
            ticket.projectId !== project.id ||
            ticket.devicePublicKey !== body.devicePublicKey ||
            ticket.expiresAt.getTime() <= ctx.now().getTime()
          )
            return { ok: false, reason: 'expired' } as const
          return completeLogin(tx, ctx, {
            who: {
              provider: ticket.provider,
              subject: ticket.subject,
              username: ticket.username,
              email: ticket.email,
              emailVerified: ticket.emailVerified,
            },
            projectId: project.id,
            projectRecoveryMode: project.recoveryMode,
            devicePublicKey: body.devicePublicKey,
            via: 'login',
          })
        })
        if (!result.ok) {
          if (result.reason === 'too_many_devices') failTooManyDevices(result.retryAfterMs)
          fail(410, 'expired', SOCIAL_ERROR_MESSAGES.expired)
        }
        noticeNewDevice(ctx, result, project.name)
        return c.json(loginAnswer(ctx, c, transport, result))
      })
  )
}

/**
 * `GET|POST /api/auth/social/callback`: where the provider sends the person back (a top-level navigation from
 * the provider's site, or Apple's form post), so it is mounted before the API's same-origin rule. One answer
 * per flow: the popup's page posting the done URI to the flow's parent origin, or (redirect fallback) 303 to
 * `returnTo#keyframe-social=<done URI>`.
 */
export function socialCallback(ctx: ServerContext) {
  return async (c: Context) => {
    const params =
      c.req.method === 'POST' ? new URLSearchParams(await c.req.text()) : new URL(c.req.url).searchParams
    const state = params.get('state')
    const flow = state ? await takeFlow(ctx.db, state) : undefined
    if (!flow || !state)
      // Nobody started this flow (or it was answered already): there is no one to tell, only this window.
      return c.html(
        callbackPage(undefined, {
          title: SOCIAL_ERROR_MESSAGES.expired,
          text: 'Close this window and start again from the app.',
        }),
        400,
        SOCIAL_PAGE_HEADERS,
      )
    const origin = frameOrigin(ctx, c)
    let result: { ticket: string } | { error: SocialError }
    const error = params.get('error')
    if (flow.expiresAt.getTime() <= ctx.now().getTime()) result = { error: 'expired' }
    else if (error !== null) result = { error: error === 'access_denied' ? 'access_denied' : 'failed' }
    else {
      try {
        const social = await getSocialClient(ctx.db, flow.projectId, flow.provider)
        if (!social) throw new Error('The provider was turned off during the login')
        const provider = await providerFor(flow.provider, social)
        const account = await exchange(flow.provider, provider, flow, state, redirectUriOf(origin), params)
        result = { ticket: await issueTicket(ctx, flow, account) }
      } catch (failure) {
        ctx.logger.warn('social: login refused', { provider: flow.provider, reason: reasonOf(failure) })
        result = { error: 'failed' }
      }
    }
    const done = `${origin}${SOCIAL_DONE_PATH}?${new URLSearchParams(result)}`
    if (flow.returnTo !== null) {
      // Only flows of a server whose operator turned the redirect fallback on have a returnTo (see /start).
      // Checked at start; checked again here, where the ticket would leave.
      if (new URL(flow.returnTo).origin !== flow.parentOrigin)
        fail(400, 'invalid_return_to', 'Invalid return URL')
      const target = new URL(flow.returnTo)
      target.hash = `${SOCIAL_RETURN_PARAM}=${encodeURIComponent(done)}`
      return c.redirect(target.href, 303)
    }
    const message =
      'ticket' in result
        ? {
            title: `Signed in with ${PROVIDERS[flow.provider].displayName}`,
            text: 'You can close this window.',
          }
        : { title: SOCIAL_ERROR_MESSAGES[result.error], text: 'You can close this window.' }
    // The popup: the ticket goes to the frames of this origin only; the opener learns that the login is over.
    const over = 'ticket' in result ? `${origin}${SOCIAL_DONE_PATH}` : done
    return c.html(
      callbackPage(
        {
          targetOrigin: flow.parentOrigin,
          uri: over,
          ...('ticket' in result && { ticket: result.ticket }),
        },
        message,
      ),
      200,
      SOCIAL_PAGE_HEADERS,
    )
  }
}

/** `/social/popup` and the pages' style and script. */
export function socialPageRoutes() {
  return new Hono()
    .get('/popup', (c) => {
      const asked = c.req.query('provider') ?? ''
      const known = (SOCIAL_PROVIDERS as readonly string[]).includes(asked)
      const name = known ? PROVIDERS[asked as SocialProvider].displayName : undefined
      return c.html(popupPage(name), 200, SOCIAL_PAGE_HEADERS)
    })
    .get(SOCIAL_STYLE_PATH.slice('/social'.length), (c) =>
      c.body(SOCIAL_CSS, 200, {
        'Content-Type': 'text/css; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
      }),
    )
    .get(SOCIAL_SCRIPT_PATH.slice('/social'.length), (c) =>
      c.body(SOCIAL_DONE_JS, 200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
      }),
    )
}
