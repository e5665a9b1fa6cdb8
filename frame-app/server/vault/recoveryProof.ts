/**
 * Checks the proof that a new recovery set rebuilds the account's wallet: the wallet key's signature of
 * `recoveryProofMessage` over the set's commitment (`@keyframe/protocol/frame-api/recoveryProof`), recovered
 * against the wallet's stored address. Bytes that rebuild nothing come without one.
 * @module
 */
import {
  type CommittedRecoverySet,
  recoveryProofMessage,
  recoverySetCommitment,
} from '@keyframe/protocol/frame-api/recoveryProof'
import { fail } from '@keyframe/server-kit'
import { isAddressEqual, recoverMessageAddress } from 'viem'

/**
 * Ends the request with 400 `invalid_recovery_proof` unless `signature` is the wallet key's over `set`.
 * @example
 * await assertRecoveryProof({ id: walletId, address }, body.recovery, body.signature)
 */
export async function assertRecoveryProof(
  wallet: { id: string; address: string },
  set: CommittedRecoverySet,
  signature: `0x${string}`,
): Promise<void> {
  const message = recoveryProofMessage(wallet.id, await recoverySetCommitment(set))
  const signer = await recoverMessageAddress({ message, signature }).catch(() => undefined)
  if (!signer || !isAddressEqual(signer, wallet.address as `0x${string}`))
    fail(400, 'invalid_recovery_proof', "The new recovery set is not signed by this wallet's key")
}
