import { recoveryProofMessage, recoverySetCommitment } from '@keyframe/protocol/frame-api/recoveryProof'
import { verifyMessage } from 'viem'
import { describe, expect, test } from 'vitest'
import { deriveAddresses } from './accounts.ts'
import { generateEntropy } from './entropy.ts'
import { signRecoverySet } from './recoveryProof.ts'

describe('signRecoverySet', () => {
  const walletId = '3f1c2b7e-6a0d-4c1e-9d2f-0b6a7c8d9e10'
  const recovery = { mode: 'operator' as const, authShare: 'A'.repeat(44), recoveryShare: 'B'.repeat(44) }

  test('default: the wallet key signs the commitment of the set, as the server checks it', async () => {
    const entropy = generateEntropy()
    const { evmAddress } = await deriveAddresses(entropy)
    const signature = await signRecoverySet({ entropy, walletId, recovery })
    const message = recoveryProofMessage(walletId, await recoverySetCommitment(recovery))
    expect(await verifyMessage({ address: evmAddress, message, signature })).toBe(true)
  })

  test('behavior: the commitment is of the canonical set (key order does not matter, any field does)', async () => {
    const same = { recoveryShare: recovery.recoveryShare, authShare: recovery.authShare, mode: recovery.mode }
    expect(await recoverySetCommitment(same)).toBe(await recoverySetCommitment(recovery))
    expect(await recoverySetCommitment({ ...recovery, authShare: 'C'.repeat(44) })).not.toBe(
      await recoverySetCommitment(recovery),
    )
    // Another wallet's key, or another set, does not verify.
    const other = await signRecoverySet({ entropy: generateEntropy(), walletId, recovery })
    const { evmAddress } = await deriveAddresses(generateEntropy())
    const message = recoveryProofMessage(walletId, await recoverySetCommitment(recovery))
    expect(await verifyMessage({ address: evmAddress, message, signature: other })).toBe(false)
  })
})
