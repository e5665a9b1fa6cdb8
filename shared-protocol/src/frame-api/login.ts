/**
 * E-mail login (`frame-app/server/auth/email/FLOW.md`): CONNECT_EMAIL, CONNECT_OTP and CONNECT_DEVICE.
 * @module
 */
import * as z from 'zod/mini'
import { SOCIAL_PROVIDERS } from '../constants.ts'
import { devicePublicKey, email, otp, projectId, timestamp, uuid } from './fields.ts'
import { frameRoute } from './route.ts'

/** What CONNECT_EMAIL answers (spec §3). */
export const startAction = z.enum(['VERIFY_OTP', 'VERIFY_DEVICE', 'CONNECT'])
export type StartAction = z.output<typeof startAction>

/** How an account logs in besides e-mail: a social provider, or Farcaster. */
export const loginProvider = z.enum([...SOCIAL_PROVIDERS, 'farcaster'])
export type LoginProvider = z.output<typeof loginProvider>

/** The body of a successful login: an OTP verification, a device approval, a social or Farcaster login. */
export const loginResponse = z.object({
  /** Only on plain-http localhost; over HTTPS the session is the `__Host-` cookie. */
  token: z.optional(z.string()),
  expiresAt: timestamp,
  /** Null for an account that never verified an address (a social or Farcaster login without one). */
  email: z.nullable(z.string()),
  /** The social or Farcaster username of this login; null for an e-mail login. */
  userName: z.nullable(z.string()),
  /** The provider of this login; null for an e-mail login. */
  socialProvider: z.nullable(loginProvider),
  device: z.object({ id: uuid, isNew: z.boolean(), hasAuthShare: z.boolean() }),
  wallet: z.nullable(
    z.object({ id: uuid, address: z.string(), publicKey: z.string(), solanaAddress: z.nullable(z.string()) }),
  ),
  recoveryMode: z.enum(['passphrase', 'operator']),
})
export type LoginResponse = z.output<typeof loginResponse>

/** CONNECT_EMAIL: mails a code (or, to a signed-in caller on a new device key, an approval link). */
export const startEmailLogin = frameRoute({
  method: 'POST',
  path: '/api/auth/email/start',
  auth: 'public',
  body: z.strictObject({ projectId, email, devicePublicKey }),
  response: z.object({ action: startAction }),
})

/** CONNECT_OTP: the code, signed by the device key it was sent for. */
export const verifyEmailLogin = frameRoute({
  method: 'POST',
  path: '/api/auth/email/verify',
  auth: 'device',
  proofKey: 'body',
  body: z.strictObject({ projectId, email, devicePublicKey, otp }),
  response: loginResponse,
})

/** CONNECT_DEVICE: polled with the old session and signed by the new device key; 202 pending until approved. */
export const connectDevice = frameRoute({
  method: 'POST',
  path: '/api/auth/email/device',
  auth: 'device',
  proofKey: 'body',
  body: z.strictObject({ projectId, devicePublicKey }),
  response: z.union([z.object({ status: z.literal('pending') }), loginResponse]),
})
