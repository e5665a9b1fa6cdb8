/**
 * Social login (OAuth 2.0 code + PKCE, SECURITY.md §2): GET_SOCIAL_REDIRECT_URI starts a flow bound to this
 * device key, the provider sends the person back to the frame server's callback, which hands a one-time
 * ticket straight to the frames of the frame's origin inside the popup's opener (SOCIAL_TICKET_MESSAGE) and
 * tells the opener the login is over with a "done" URI without it; CONNECT_SOCIAL redeems the ticket, signed
 * by the same device key. Why the dApp page never sees a ticket: a hostile page could otherwise have a person
 * finish a login that another browser started, and hand that browser the person's ticket. Only where the
 * operator turned the redirect fallback on does a ticket travel in the done URI (in the dApp page's fragment).
 * @module
 */
import * as z from 'zod/mini'
import { socialProvider } from '../schemas/common.ts'
import { devicePublicKey, projectId } from './fields.ts'
import { loginResponse } from './login.ts'
import { frameRoute } from './route.ts'

// The parent's code needs these without the routes' schemas: they live with the zod-free constants.
export {
  SOCIAL_POPUP_PATH,
  SOCIAL_RESULT_MESSAGE,
  SOCIAL_RETURN_PARAM,
  SOCIAL_TICKET_MESSAGE,
} from '../constants.ts'

/** Where the provider sends the person back (the exact `redirect_uri` registered with every provider). */
export const SOCIAL_CALLBACK_PATH = '/api/auth/social/callback'
/**
 * The "done" URI's path, CONNECT_SOCIAL's `uri`: bare after a login in the popup (its ticket went to the frame
 * directly), `?ticket=…` after a redirect fallback, `?error=…` after a refusal.
 */
export const SOCIAL_DONE_PATH = '/social/done'
/** How long a ticket may be redeemed (single use). */
export const SOCIAL_TICKET_TTL_MS = 60_000

/** Why a social login ended without a ticket (`?error=` of the done URI). */
export const socialError = z.enum([
  /** The person declined on the provider's consent page. */
  'access_denied',
  /** The flow is unknown, used or older than its lifetime. */
  'expired',
  /** The provider's answer failed a check (state, nonce, issuer, token exchange, profile). */
  'failed',
])
export type SocialError = z.output<typeof socialError>

/** What the person reads for each: on the callback page, and in the frame's refusal of CONNECT_SOCIAL. */
export const SOCIAL_ERROR_MESSAGES: Record<SocialError, string> = {
  access_denied: 'The login was declined',
  expired: 'The login expired. Please try again.',
  failed: 'The login could not be completed. Please try again.',
}

/** A one-time ticket: 32 random bytes, base64url. */
export const socialTicket = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid ticket'))

/** An http(s) origin (`scheme://host[:port]`, nothing after it). */
const origin = z.string().check(z.regex(/^https?:\/\/[^/?#\s]+$/, 'Invalid origin'), z.maxLength(2048))
/** An http(s) URL on the parent's origin (the redirect fallback returns there). */
const returnTo = z.url({ protocol: /^https?$/, error: 'Invalid url' }).check(z.maxLength(4096))

/**
 * GET_SOCIAL_REDIRECT_URI: the provider's authorization URL for a flow bound to this device, this project
 * and the frame's pinned parent origin (the callback posts to exactly that origin). With `returnTo` (an URL
 * on `parentOrigin`) the callback redirects there instead: the fallback when the popup was blocked.
 */
export const startSocialLogin = frameRoute({
  method: 'POST',
  path: '/api/auth/social/start',
  auth: 'public',
  body: z.strictObject({
    projectId,
    provider: socialProvider,
    devicePublicKey,
    parentOrigin: origin,
    returnTo: z.optional(returnTo),
  }),
  response: z.object({ uri: z.url({ protocol: /^https?$/ }) }),
})

/** CONNECT_SOCIAL: the ticket of a done URI, signed by the device key its flow was started with. */
export const redeemSocialLogin = frameRoute({
  method: 'POST',
  path: '/api/auth/social/redeem',
  auth: 'device',
  proofKey: 'body',
  body: z.strictObject({ projectId, devicePublicKey, ticket: socialTicket }),
  response: loginResponse,
})
