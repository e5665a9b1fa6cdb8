/**
 * The public side of a wallet: its addresses on every chain, from its entropy. This is what the server
 * stores and what every reconstruction is checked against.
 * @module
 */
import { bytesToHex } from '@noble/hashes/utils.js'
import { entropyToSeed } from './entropy.ts'
import { deriveEvmAccount } from './evm.ts'
import { deriveSolanaAccount } from './solana.ts'

/** A wallet's public identity. */
export type WalletAddresses = {
  /** EIP-55 address at `m/44'/60'/0'/0/0`. */
  evmAddress: `0x${string}`
  /** Its uncompressed secp256k1 public key, hex (`0x04…`): the server checks the address against it. */
  evmPublicKey: `0x${string}`
  /** base58 address at `m/44'/501'/0'/0'`. */
  solanaAddress: string
}

/**
 * The addresses of the wallet whose entropy is `entropy`. The seed and both private keys are zeroed
 * before it resolves; `entropy` itself is left to the caller. The first call in a fresh page pays the
 * curves' one-off precomputations unless `warmUp()` (./warmUp.ts) ran before.
 * @throws RangeError (as a rejection) when `entropy` is not 16, 20, 24, 28 or 32 bytes.
 * @example
 * ```ts
 * import { deriveAddresses } from './accounts.ts'
 * import { generateEntropy } from './entropy.ts'
 * const { evmAddress, solanaAddress } = await deriveAddresses(generateEntropy())
 * ```
 */
export async function deriveAddresses(entropy: Uint8Array): Promise<WalletAddresses> {
  const seed = await entropyToSeed(entropy)
  try {
    const evm = deriveEvmAccount(seed)
    evm.privateKey.fill(0)
    const solana = deriveSolanaAccount(seed)
    solana.privateKey.fill(0)
    return {
      evmAddress: evm.address,
      evmPublicKey: `0x${bytesToHex(evm.publicKey)}`,
      solanaAddress: solana.address,
    }
  } finally {
    seed.fill(0)
  }
}
