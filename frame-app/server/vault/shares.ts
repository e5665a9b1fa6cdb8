/**
 * Sealing and opening the server's shares. The envelope context binds each ciphertext to its row, so a share
 * copied to another device or user does not open.
 * @module
 */

import { openEnvelope, sealEnvelope } from '../crypto/envelope.ts'
import type { KeyRef } from '../crypto/keys.ts'

export const authShareContext = (walletId: string, deviceId: string) => `auth_share|${walletId}|${deviceId}`
export const authRecoveryContext = (walletId: string, userId: string) => `auth_r|${walletId}|${userId}`
export const operatorRecoveryContext = (walletId: string, userId: string) =>
  `recovery_share|${walletId}|${userId}`

/** Seals a base64url share. */
export function sealShare(key: KeyRef, share: string, context: string): string {
  return sealEnvelope(key, Buffer.from(share, 'base64url'), context)
}

/** Opens a sealed share back to base64url. */
export function openShare(key: KeyRef, envelope: string, context: string): string {
  const bytes = openEnvelope(key, envelope, context)
  try {
    return bytes.toString('base64url')
  } finally {
    bytes.fill(0)
  }
}
