import { getAddress, type Hex, type PublicClient, verifyMessage } from 'viem'
import type { Logger } from '../logger.ts'

export type VerifySignatureParameters = {
  address: `0x${string}`
  /** The signed text (EIP-191 `personal_sign`). */
  message: string
  signature: string
  /** The account's chain: smart accounts (ERC-1271, and ERC-6492 before deployment) are checked there. */
  client?: PublicClient | undefined
  log?: Logger | undefined
}

/**
 * Whether `address` signed `message`. An EOA's signature is recovered locally; only when that fails is the chain
 * asked (viem's ERC-6492 verifier, which also covers ERC-1271 contract accounts), so a plain wallet never costs an
 * RPC call. A chain that does not answer counts as "not proven": the caller refuses.
 */
export async function verifySignature(p: VerifySignatureParameters): Promise<boolean> {
  const signature = p.signature as Hex
  // viem refuses a mixed-case address whose checksum is wrong; the case carries no meaning here.
  const address = getAddress(p.address.toLowerCase())
  try {
    if (await verifyMessage({ address, message: p.message, signature })) return true
  } catch {
    // Not a recoverable 65-byte signature: maybe a smart account's.
  }
  if (!p.client) return false
  try {
    return await p.client.verifyMessage({ address, message: p.message, signature })
  } catch (error) {
    p.log?.warn('signature: the chain could not check a smart-account signature', { error })
    return false
  }
}
