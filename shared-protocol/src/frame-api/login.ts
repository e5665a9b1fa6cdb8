/**
 * E-mail login (`frame-app/server/auth/email/FLOW.md`): CONNECT_EMAIL, CONNECT_OTP and CONNECT_DEVICE.
 * @module
 */
import * as z from 'zod/mini'
import { devicePublicKey, email, otp, projectId, timestamp, uuid } from './fields.ts'
import { frameRoute } from './route.ts'

/** What CONNECT_EMAIL answers (spec §3). */
export const startAction = z.enum(['VERIFY_OTP', 'VERIFY_DEVICE', 'CONNECT'])
export type StartAction = z.output<typeof startAction>

/** The body of a successful OTP verification or device approval. */
export const loginResponse = z.object({
  /** Only on plain-http localhost; over HTTPS the session is the `__Host-` cookie. */
  token: z.optional(z.string()),
  expiresAt: timestamp,
  email: z.string(),
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
