/**
 * The proof that a new recovery set rebuilds the same wallet (SECURITY.md §1): the frame, which just split
 * the wallet's key into the new set, signs this message (EIP-191 `personal_sign`) with that key, and the
 * server accepts the set only if the signature recovers the wallet's stored address. A session alone (a
 * code, a stolen token) cannot make one, so it cannot swap in shares that rebuild nothing.
 * @module
 */

/** The recovery set as committed: either mode's fields, strings only (shares, blob fields, numbers). */
export type CommittedRecoverySet = { mode: 'passphrase' | 'operator'; [field: string]: unknown }

/** JSON with object keys sorted at every level, so both sides hash the same bytes. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/**
 * SHA-256 of the canonical JSON of the set, as `0x` hex.
 * @example
 * await recoverySetCommitment({ mode: 'operator', authShare, recoveryShare }) // '0x3f…'
 */
export async function recoverySetCommitment(set: CommittedRecoverySet): Promise<`0x${string}`> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(set)))
  return `0x${Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')}`
}

/**
 * The message the wallet's key signs for a new recovery set: readable, bound to the wallet and the set.
 * @example
 * recoveryProofMessage(walletId, await recoverySetCommitment(set))
 */
export function recoveryProofMessage(walletId: string, commitment: `0x${string}`): string {
  return `Keyframe: replace the recovery set of wallet ${walletId}\nCommitment: ${commitment}`
}
