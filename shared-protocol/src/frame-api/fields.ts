/**
 * The fields of the frame API's bodies and answers. E-mail and OTP are the protocol's, so the wording
 * ('Invalid email') is the spec's.
 * @module
 */
import * as z from 'zod/mini'
import { email as emailSchema, otp as otpSchema } from '../schemas/common.ts'

export const email = emailSchema
export const otp = otpSchema
export const projectId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid projectId'))
/** The device's public key (the frame's raw P-256 key, 65 bytes), base64url without padding. */
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
/** An EVM address, any case. */
export const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'))
/** An ISO 8601 timestamp as the server writes it (`Date#toISOString`). */
export const timestamp = z.iso.datetime()
