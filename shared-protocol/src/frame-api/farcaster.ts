/**
 * Sign In With Farcaster (SECURITY.md §2): GET_FARCASTER_URI opens a channel on the Farcaster auth relay for
 * this device key and a nonce the server issued; CONNECT_FARCASTER polls until a Farcaster client signed the
 * message, which the server verifies (nonce, domain = frame host, one fid resource, signature by the fid's
 * custody address on the Id registry) before the login completes as any other.
 * @module
 */
import * as z from 'zod/mini'
import { devicePublicKey, projectId } from './fields.ts'
import { loginResponse } from './login.ts'
import { frameRoute } from './route.ts'

/**
 * The URI a Farcaster client opens (shown as a QR), as the relay made it: `farcaster://connect?channelToken=…`
 * (the protocol's own scheme, which the local relay gives), or the https link today's hosted relay answers
 * (`https://farcaster.xyz/~/siwf?channelToken=…`).
 */
export const farcasterConnectUrl = z
  .string()
  .check(
    z.regex(/^(farcaster:\/\/connect\?|https:\/\/[^/?#\s]+\/)\S+$/, 'Invalid Farcaster URI'),
    z.maxLength(4096),
  )

/** GET_FARCASTER_URI: a new channel for this device (an earlier open one of the device is dropped). */
export const startFarcasterLogin = frameRoute({
  method: 'POST',
  path: '/api/auth/farcaster/start',
  auth: 'public',
  body: z.strictObject({ projectId, devicePublicKey }),
  response: z.object({ url: farcasterConnectUrl }),
})

/** CONNECT_FARCASTER: polled, signed by the device key; 202 pending until the client signed. */
export const connectFarcaster = frameRoute({
  method: 'POST',
  path: '/api/auth/farcaster/connect',
  auth: 'device',
  proofKey: 'body',
  body: z.strictObject({ projectId, devicePublicKey }),
  response: z.union([z.object({ status: z.literal('pending') }), loginResponse]),
})
