/**
 * The logged-in user: `/api/session` (IS_CONNECTED, GET_USER, SIGN_OUT), a fresh factor, and the two-step
 * e-mail change.
 * @module
 */
import * as z from 'zod/mini'
import { email, otp, timestamp, uuid } from './fields.ts'
import { loginProvider } from './login.ts'
import { frameRoute } from './route.ts'

/** GET /api/session. `accounts` lists the EVM EOA; Solana is `solanaAddress`. */
export const sessionResponse = z.union([
  z.object({ isConnected: z.literal(false) }),
  z.object({
    isConnected: z.literal(true),
    user: z.object({
      email: z.nullable(z.string()),
      /** The social or Farcaster username of the session's login; null for an e-mail login. */
      userName: z.nullable(z.string()),
      socialProvider: z.nullable(loginProvider),
      address: z.nullable(z.string()),
      solanaAddress: z.nullable(z.string()),
      accounts: z.array(z.object({ address: z.string(), type: z.literal('eoa') })),
      preferredAccountType: z.literal('eoa'),
    }),
    /** The wallet's id (the frame binds its device share to it), null before the wallet exists. */
    walletId: z.nullable(uuid),
    deviceId: z.nullable(uuid),
    deviceVerified: z.boolean(),
    expiresAt: timestamp,
    lastFactorAt: timestamp,
  }),
])
export type SessionResponse = z.output<typeof sessionResponse>

export const getSession = frameRoute({
  method: 'GET',
  path: '/api/session',
  auth: 'public',
  response: sessionResponse,
})

export const signOut = frameRoute({
  method: 'POST',
  path: '/api/session/sign-out',
  auth: 'public',
  response: z.object({ isConnected: z.literal(false) }),
})

/** Mails a code to the account's address (before the recovery set or export). */
export const requestFactor = frameRoute({
  method: 'POST',
  path: '/api/session/factor',
  auth: 'session',
  response: z.object({ action: z.literal('VERIFY_OTP') }),
})

export const verifyFactor = frameRoute({
  method: 'POST',
  path: '/api/session/factor/verify',
  auth: 'device',
  body: z.strictObject({ otp }),
  response: z.object({ lastFactorAt: timestamp }),
})

/** UPDATE_EMAIL: a code to the current address. */
export const updateEmail = frameRoute({
  method: 'POST',
  path: '/api/session/email',
  auth: 'device',
  body: z.strictObject({ newEmail: email }),
  response: z.object({ action: z.literal('VERIFY_PRIMARY_OTP') }),
})

/** UPDATE_EMAIL_PRIMARY_OTP: then a code to the new address. */
export const verifyPrimaryEmail = frameRoute({
  method: 'POST',
  path: '/api/session/email/primary',
  auth: 'device',
  body: z.strictObject({ otp }),
  response: z.object({ action: z.literal('VERIFY_SECONDARY_OTP') }),
})

/** UPDATE_EMAIL_SECONDARY_OTP: the account moves to the new address. */
export const verifySecondaryEmail = frameRoute({
  method: 'POST',
  path: '/api/session/email/secondary',
  auth: 'device',
  body: z.strictObject({ otp }),
  response: z.object({ newEmail: z.string() }),
})
