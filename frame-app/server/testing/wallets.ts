/**
 * Wallets as the frame makes them (web/wallet), for the vault's route suites: the entropy, both 2-of-2
 * splits, the recovery blob or share, and a new recovery set with the wallet key's proof.
 * @module
 */
import { bytesToHex } from '@noble/hashes/utils.js'
import { entropyToSeed, generateEntropy } from '../../web/wallet/entropy.ts'
import { deriveEvmAccount } from '../../web/wallet/evm.ts'
import { encryptRecoveryShare } from '../../web/wallet/recovery.ts'
import { signRecoverySet } from '../../web/wallet/recoveryProof.ts'
import { splitForDevice, splitForRecovery } from '../../web/wallet/shares.ts'
import { deriveSolanaAccount } from '../../web/wallet/solana.ts'

export const PASSPHRASE = 'correct horse battery staple'
/** Cheap scrypt for tests (the frame's default is N = 2^17). */
export const FAST_SCRYPT = { N: 2 ** 14, r: 8, p: 1 }

export const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

/** A recovery set of `entropy` (auth_r and the blob or share), as the frame uploads it. */
export async function recoverySetOf(
  entropy: Uint8Array,
  walletId: string,
  mode: 'passphrase' | 'operator',
  passphrase = PASSPHRASE,
) {
  const recovery = await splitForRecovery(entropy)
  if (mode === 'operator')
    return {
      mode,
      authShare: b64u(recovery.authShare),
      recoveryShare: b64u(recovery.recoveryShare),
    } as const
  const recoveryBlob = await encryptRecoveryShare({
    walletId,
    share: recovery.recoveryShare,
    passphrase,
    params: FAST_SCRYPT,
  })
  return { mode, authShare: b64u(recovery.authShare), recoveryBlob } as const
}

/** What the frame does on first login: entropy, addresses, both 2-of-2 splits, the recovery set. */
export async function newWallet(mode: 'passphrase' | 'operator' = 'passphrase') {
  const walletId = crypto.randomUUID()
  const entropy = generateEntropy()
  const seed = await entropyToSeed(entropy)
  const evm = deriveEvmAccount(seed)
  const solana = deriveSolanaAccount(seed)
  const { deviceShare, authShare } = await splitForDevice(entropy)
  return {
    entropy,
    deviceShare,
    body: {
      walletId,
      address: evm.address,
      publicKey: `0x${bytesToHex(evm.publicKey)}`,
      solanaAddress: solana.address,
      authShare: b64u(authShare),
      recovery: await recoverySetOf(entropy, walletId, mode),
    },
  }
}

/** A new recovery set of the wallet with the frame's proof: the body of `PUT /api/shares/recovery`. */
export async function replacementSet(
  wallet: Awaited<ReturnType<typeof newWallet>>,
  mode: 'passphrase' | 'operator',
  passphrase: string,
) {
  const recovery = await recoverySetOf(wallet.entropy, wallet.body.walletId, mode, passphrase)
  const signature = await signRecoverySet({
    entropy: wallet.entropy,
    walletId: wallet.body.walletId,
    recovery,
  })
  return { recovery, signature }
}
