/**
 * The Farcaster auth relay's channel endpoints as the local stand-in serves them (the shapes of Farcaster's
 * relay, `relay.farcaster.xyz`): the app opens a channel, the Farcaster client authenticates it with a signed
 * Sign In With Farcaster message, the app polls its status.
 * @module
 */
import * as z from 'zod/mini'

/** A SIWE nonce: at least 8 letters or digits (EIP-4361). */
const nonce = z.string().check(z.regex(/^[A-Za-z0-9]{8,128}$/, 'Invalid nonce'))
/** An EIP-4361 domain: a host with an optional port. */
const domain = z.string().check(z.regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, 'Invalid domain'), z.maxLength(255))
const isoTime = z.iso.datetime({ offset: true })

/** `POST /v1/channel` (the app). Without `nonce` the relay makes one. */
export const createChannelBody = z.object({
  siweUri: z.url({ protocol: /^https?$/ }).check(z.maxLength(2048)),
  domain,
  nonce: z.optional(nonce),
  notBefore: z.optional(isoTime),
  expirationTime: z.optional(isoTime),
  requestId: z.optional(z.string().check(z.maxLength(256))),
})
export type CreateChannelBody = z.output<typeof createChannelBody>

/** Its answer (201): the token that names the channel, the URI a Farcaster client opens, the nonce. */
export const createChannelAnswer = z.object({
  channelToken: z.string(),
  url: z.string().check(z.regex(/^farcaster:\/\/connect\?\S+$/)),
  nonce,
})
export type CreateChannelAnswer = z.output<typeof createChannelAnswer>

/** What the client tells about the account that signed (besides the message and its signature). */
const profile = {
  fid: z.number().check(z.int(), z.positive()),
  username: z.optional(z.string().check(z.maxLength(256))),
  bio: z.optional(z.string().check(z.maxLength(1024))),
  displayName: z.optional(z.string().check(z.maxLength(256))),
  pfpUrl: z.optional(z.string().check(z.maxLength(2048))),
  custody: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
  verifications: z.optional(z.array(z.string().check(z.maxLength(128))).check(z.maxLength(50))),
}

/** `POST /v1/channel/authenticate` (the Farcaster client, Bearer channelToken). */
export const authenticateBody = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(8192)),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]{130,}$/), z.maxLength(4096)),
  ...profile,
})
export type AuthenticateBody = z.output<typeof authenticateBody>

/** `GET /v1/channel/status` (the app, Bearer channelToken): 202 while pending, 200 once completed. */
export const channelStatus = z.union([
  z.object({ state: z.literal('pending'), nonce, url: z.string() }),
  z.object({
    state: z.literal('completed'),
    nonce,
    url: z.string(),
    message: z.string(),
    signature: z.string(),
    ...profile,
  }),
])
export type ChannelStatus = z.output<typeof channelStatus>

/** The parts of a `farcaster://connect?…` URI (what a Farcaster client reads from the QR). */
export const connectUriParams = z.object({
  channelToken: z.string().check(z.minLength(1)),
  nonce,
  siweUri: z.url({ protocol: /^https?$/ }),
  domain,
  notBefore: z.optional(isoTime),
  expirationTime: z.optional(isoTime),
  requestId: z.optional(z.string()),
})
export type ConnectUriParams = z.output<typeof connectUriParams>

/**
 * Reads a `farcaster://connect?…` URI.
 * @throws Error when it is not one, or lacks the channel token, nonce, siweUri or domain.
 */
export function parseConnectUri(uri: string): ConnectUriParams {
  const url = new URL(uri)
  if (url.protocol !== 'farcaster:' || url.host !== 'connect')
    throw new Error(`Not a Farcaster connect URI: ${uri}`)
  const parsed = connectUriParams.safeParse(Object.fromEntries(url.searchParams))
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))]
    throw new Error(`Invalid Farcaster connect URI: missing or bad ${fields.join(', ')}`)
  }
  return parsed.data
}
