/**
 * The frame's half of the recovery-set proof (`@keyframe/protocol/frame-api/recoveryProof`): where the frame
 * splits the wallet's key into a new recovery set, it signs the set's commitment with that same key
 * (EIP-191), so the server can check that the set it stores belongs to the wallet it guards.
 * @module
 */
import {
  type CommittedRecoverySet,
  recoveryProofMessage,
  recoverySetCommitment,
} from '@keyframe/protocol/frame-api/recoveryProof'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex, type Hex, hashMessage, hexToBytes, serializeSignature } from 'viem'
import { entropyToSeed } from './entropy.ts'
import { deriveEvmAccount } from './evm.ts'

/**
 * Signs the commitment of `recovery` (the body the frame is about to send) with the wallet's EVM key, derived
 * from `entropy` for this call only; the private key is zeroed before returning.
 * @example
 * const signature = await signRecoverySet({ entropy, walletId, recovery })
 * await api.call(storeRecovery, { body: { recovery, signature } })
 */
export async function signRecoverySet(parameters: {
  entropy: Uint8Array
  walletId: string
  recovery: CommittedRecoverySet
}): Promise<Hex> {
  const message = recoveryProofMessage(parameters.walletId, await recoverySetCommitment(parameters.recovery))
  const seed = await entropyToSeed(parameters.entropy)
  let key: ReturnType<typeof deriveEvmAccount>
  try {
    key = deriveEvmAccount(seed)
  } finally {
    seed.fill(0)
  }
  try {
    const signature = secp256k1.sign(hexToBytes(hashMessage(message)), key.privateKey, {
      prehash: false,
      format: 'recovered',
    })
    // 'recovered' is recovery byte ‖ r ‖ s.
    return serializeSignature({
      r: bytesToHex(signature.subarray(1, 33)),
      s: bytesToHex(signature.subarray(33, 65)),
      yParity: signature[0] === 1 ? 1 : 0,
    })
  } finally {
    key.privateKey.fill(0)
  }
}
