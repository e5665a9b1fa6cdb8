/**
 * The share vault (SECURITY.md §1): wallet registration, device auth shares (auth_d), the recovery set
 * (recovery, auth_r) and devices. Everything that releases a share or changes the account is `device`.
 * @module
 */
import * as z from 'zod/mini'
import { address, recoveryBlob, share, timestamp, uuid } from './fields.ts'
import { frameRoute } from './route.ts'

/** The recovery set as the frame stores it. */
export const recoverySet = z.discriminatedUnion('mode', [
  z.strictObject({
    mode: z.literal('passphrase'),
    /** auth_r. */
    authShare: share,
    /** The recovery share, encrypted in the frame under the user's passphrase. Stored as it is. */
    recoveryBlob,
  }),
  z.strictObject({
    mode: z.literal('operator'),
    authShare: share,
    /** The recovery share itself; sealed by the server under the operator recovery key. */
    recoveryShare: share,
  }),
])
export type RecoverySet = z.output<typeof recoverySet>

/** First-login registration: wallet + this device's auth share + the recovery set, in one transaction. */
export const registerWallet = frameRoute({
  method: 'POST',
  path: '/api/wallet',
  auth: 'device',
  body: z.strictObject({
    /** Chosen by the frame when it binds the wallet id into its device share and recovery blob; default random. */
    walletId: z.optional(uuid),
    address,
    publicKey: z
      .string()
      .check(
        z.regex(
          /^0x(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/,
          'Invalid public key: expected secp256k1 hex',
        ),
      ),
    solanaAddress: z.optional(
      z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid Solana address')),
    ),
    /** auth_d of the session's device. */
    authShare: share,
    recovery: recoverySet,
  }),
  response: z.object({
    wallet: z.object({
      id: uuid,
      address: z.string(),
      publicKey: z.string(),
      solanaAddress: z.nullable(z.string()),
    }),
  }),
})

/** Stores auth_d of the session's own device (after a re-split on a new device). */
export const storeDeviceShare = frameRoute({
  method: 'PUT',
  path: '/api/shares/device',
  auth: 'device',
  body: z.strictObject({ deviceId: uuid, authShare: share }),
  response: z.object({ deviceId: uuid }),
})

/** Releases auth_d of the session's own device to unlock signing. */
export const releaseDeviceShare = frameRoute({
  method: 'GET',
  path: '/api/shares/device/{deviceId}',
  auth: 'device',
  params: z.object({ deviceId: uuid }),
  response: z.object({ deviceId: uuid, walletId: uuid, authShare: share }),
})

/**
 * Replaces the recovery set: with the wallet key's EIP-191 signature of `recoveryProofMessage` over the new
 * set (`./recoveryProof.ts`), which the server checks against the wallet's address.
 */
export const storeRecovery = frameRoute({
  method: 'PUT',
  path: '/api/shares/recovery',
  auth: 'device',
  body: z.strictObject({
    recovery: recoverySet,
    signature: z.string().check(z.regex(/^0x[0-9a-fA-F]{130}$/, 'Invalid signature: expected 65 bytes hex')),
  }),
  response: z.object({ mode: z.enum(['passphrase', 'operator']) }),
})

/** Releases the recovery set to rebuild the key on a new device. */
export const releaseRecovery = frameRoute({
  method: 'GET',
  path: '/api/shares/recovery',
  auth: 'device',
  response: z.discriminatedUnion('mode', [
    z.object({
      walletId: uuid,
      mode: z.literal('passphrase'),
      authShare: share,
      recoveryBlob: z.record(z.string(), z.unknown()),
    }),
    z.object({ walletId: uuid, mode: z.literal('operator'), authShare: share, recoveryShare: share }),
  ]),
})

/** The account's devices, oldest first. */
export const listDevices = frameRoute({
  method: 'GET',
  path: '/api/devices',
  auth: 'session',
  response: z.object({
    devices: z.array(
      z.object({
        id: uuid,
        createdAt: timestamp,
        verifiedAt: z.nullable(timestamp),
        revokedAt: z.nullable(timestamp),
        current: z.boolean(),
      }),
    ),
  }),
})

/** Revokes a device: its auth share is deleted and its sessions end. */
export const revokeDevice = frameRoute({
  method: 'DELETE',
  path: '/api/devices/{id}',
  auth: 'device',
  params: z.object({ id: uuid }),
  response: z.object({ revoked: uuid }),
})
