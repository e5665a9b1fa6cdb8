/**
 * Social login in the frame (spec §4, `frame-api/social.ts`): GET_SOCIAL_REDIRECT_URI and CONNECT_SOCIAL.
 * The parent is hostile (SECURITY.md §0): it picks the provider and carries the done URI from the popup (or
 * the redirect) back, but the flow is bound to this frame's pinned parent origin and device key, a redirect
 * may only return to that origin, and only a done URI on the frame's own origin is redeemed. Loaded on the
 * first social request (`bridge/handlers.ts`), which hands it the entry's parts it uses (`loginKit.ts`): the
 * frame's first load carries none of it.
 * @module
 */
import type { ParsedParams, RequestResult } from '@keyframe/protocol'
import { RefusedError } from '@keyframe/protocol/core'
import type { SocialError } from '@keyframe/protocol/frame-api/social'
import type { RequestContext } from '../bridge/context.ts'
import type { LoginKit } from './loginKit.ts'

/**
 * What a done URI says: the login went through and its ticket came to the frame directly (`delivered`), a
 * ticket to redeem (the redirect fallback), or why the login ended.
 */
export type DoneUri = { delivered: true } | { ticket: string } | { error: SocialError }

/** How long CONNECT_SOCIAL waits for the popup's ticket message once the parent says the login is over. */
export const TICKET_WAIT_MS = 5_000

/**
 * Reads a done URI: only `<frameOrigin>/social/done`, bare or with exactly one `ticket` or `error` (the
 * server's words), is one. Anything else — another origin, another path, a ticket of the wrong shape — is
 * refused, so a page cannot have the frame redeem or report anything but what the frame's own server handed out.
 * @throws RefusedError (`invalid_uri`).
 */
export function readDoneUri(uri: string, frameOrigin: string, kit: LoginKit): DoneUri {
  const { SOCIAL_DONE_PATH, socialError, socialTicket } = kit
  const invalid = () => new RefusedError('Not a login result of this wallet', 'invalid_uri')
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    throw invalid()
  }
  if (url.origin !== frameOrigin || url.pathname !== SOCIAL_DONE_PATH) throw invalid()
  const keys = [...url.searchParams.keys()]
  if (keys.length === 0 && url.search === '' && url.hash === '') return { delivered: true }
  if (keys.length !== 1) throw invalid()
  const ticket = url.searchParams.get('ticket')
  if (ticket !== null) {
    const parsed = socialTicket.safeParse(ticket)
    if (!parsed.success) throw invalid()
    return { ticket: parsed.data }
  }
  const error = socialError.safeParse(url.searchParams.get('error'))
  if (!error.success) throw invalid()
  return { error: error.data }
}

/**
 * Checks the redirect fallback's `returnTo`: an URL on the pinned parent origin exactly (the callback
 * redirects the person there with the done URI, so another origin would receive the ticket).
 * @returns `returnTo` without its fragment (the callback puts the done URI there).
 * @throws RefusedError (`invalid_return_to`).
 */
export function checkReturnTo(returnTo: string, parentOrigin: string): string {
  let url: URL
  try {
    url = new URL(returnTo)
  } catch {
    url = new URL('about:blank')
  }
  if (url.origin !== parentOrigin)
    throw new RefusedError(`The login can only return to ${parentOrigin}`, 'invalid_return_to')
  url.hash = ''
  return url.href
}

/**
 * GET_SOCIAL_REDIRECT_URI: the provider's authorization URL, for a flow bound to this device key, this
 * project and the pinned parent origin (the callback answers only that origin).
 */
export async function getSocialRedirectUri(
  { provider, returnTo }: ParsedParams<'GET_SOCIAL_REDIRECT_URI'>,
  ctx: RequestContext,
  { accountOf, devicePublicKey, thisDevice, warmUpLogin }: LoginKit,
): Promise<RequestResult<'GET_SOCIAL_REDIRECT_URI'>> {
  const account = accountOf(ctx, 'GET_SOCIAL_REDIRECT_URI')
  const checkedReturnTo = returnTo === undefined ? undefined : checkReturnTo(returnTo, ctx.parentOrigin)
  // The person is about to spend a while at the provider; setting up the wallet follows.
  warmUpLogin(account)
  const device = await thisDevice(account)
  const { body } = await account.api.call('startSocialLogin', {
    body: {
      projectId: ctx.projectId,
      provider,
      devicePublicKey: devicePublicKey(device),
      parentOrigin: ctx.parentOrigin,
      ...(checkedReturnTo !== undefined && { returnTo: checkedReturnTo }),
    },
    signal: ctx.signal,
  })
  return { uri: body.uri }
}

/**
 * CONNECT_SOCIAL: redeems the ticket the popup handed this frame (or, after a redirect fallback, the done
 * URI's) with this device's key (the server refuses a ticket of another device, a used or an expired one),
 * sets up the wallet as any login does, and answers the user as GET_USER does (`chainId` moves the frame the
 * same way). A done URI with `error` is refused in the person's words, its `error` as the reason.
 */
export async function connectSocial(
  { uri, chainId }: ParsedParams<'CONNECT_SOCIAL'>,
  ctx: RequestContext,
  kit: LoginKit,
): Promise<RequestResult<'CONNECT_SOCIAL'>> {
  const { accountOf, devicePublicKey, establishSession, getUser, thisDevice, SOCIAL_ERROR_MESSAGES } = kit
  const account = accountOf(ctx, 'CONNECT_SOCIAL')
  const done = readDoneUri(uri, account.api.origin, kit)
  if ('error' in done) throw new RefusedError(SOCIAL_ERROR_MESSAGES[done.error], done.error)
  const ticket = 'ticket' in done ? done.ticket : await account.socialInbox.take(ctx.signal, TICKET_WAIT_MS)
  // No ticket came to this frame: the login was finished for a flow this frame did not start, or too late.
  if (ticket === undefined) throw new RefusedError(SOCIAL_ERROR_MESSAGES.failed, 'no_ticket')
  const device = await thisDevice(account)
  const { body } = await account.api.call('redeemSocialLogin', {
    body: { projectId: ctx.projectId, devicePublicKey: devicePublicKey(device), ticket },
    signal: ctx.signal,
  })
  await establishSession(ctx, body)
  return getUser(chainId === undefined ? {} : { chainId }, ctx)
}
