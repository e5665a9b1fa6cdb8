/**
 * Body fields shared by the API routes. E-mail and OTP come from the protocol package, so the wording
 * ('Invalid email') is the spec's and the frame and server agree on the shapes.
 * @module
 */
import { schemas } from '@keyframe/protocol'
import * as z from 'zod/mini'

export const email = schemas.email
export const otp = schemas.otp
export const projectId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid projectId'))
/** The device's public key as the frame exported it (e.g. SPKI or raw), base64url. Opaque to the server. */
export const devicePublicKey = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{32,600}$/, 'Invalid device public key: expected base64url'))
/** A Shamir share (or other binary secret), base64url without padding. */
export const share = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{16,1400}$/, 'Invalid share: expected base64url'))
/**
 * The frame's passphrase-encrypted recovery share (`RecoveryBlob` of `web/wallet/recovery.ts`: `v`, `kdf`,
 * scrypt parameters, `salt`, `iv`, `ciphertext`). Opaque to the server: any flat object of strings and
 * numbers, at most 4 KB as JSON, stored and returned as it came.
 */
export const recoveryBlob = z
  .record(
    z.string().check(z.regex(/^[A-Za-z0-9_]{1,32}$/)),
    z.union([z.string().check(z.maxLength(2048)), z.number()]),
  )
  .check(
    z.refine(
      (blob) => Object.keys(blob).length > 0 && JSON.stringify(blob).length <= 4096,
      'Expected a recovery blob of at most 4 KB',
    ),
  )
export const uuid = z.uuid('Invalid id')
