/**
 * A project's social login clients (`projects.socials`): validated on import and by the admin API, read only by
 * the social login routes. Client secrets never reach the frame HTML or any answer.
 * @module
 */
import { SOCIAL_PROVIDERS } from '@keyframe/protocol/core'
import * as z from 'zod/mini'

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/

/** Plain http is allowed to a loopback issuer only (the devstack stand-in); openid-client refuses it otherwise. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK.test(url.hostname)
}

const secret = z.string().check(z.minLength(1), z.maxLength(4096))

/** An issuer replacing a provider's production endpoints: https, or http on a loopback host; no query. */
const issuer = z.url({ protocol: /^https?$/, error: 'Invalid issuer' }).check(
  z.refine((value) => {
    const url = new URL(value)
    return (url.protocol === 'https:' || isLoopbackHttp(url)) && url.search === '' && url.hash === ''
  }, 'Expected an https issuer (http only on a loopback host), without query or fragment'),
)

export const socialClientSchema = z.strictObject({
  clientId: z.string().check(z.minLength(1), z.maxLength(512)),
  /** Apple's is the client secret JWT the operator signs with their key. */
  clientSecret: secret,
  issuer: z.optional(issuer),
})

export const socialsConfigSchema = z.partialRecord(z.enum(SOCIAL_PROVIDERS), socialClientSchema)
