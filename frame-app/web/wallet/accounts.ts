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
 * before it returns; `entropy` itself is left to the caller.
 * @throws RangeError when `entropy` is not 16, 20, 24, 28 or 32 bytes.
 * @example
 * ```ts
 * import { deriveAddresses } from './accounts.ts'
 * import { generateEntropy } from './entropy.ts'
 * const { evmAddress, solanaAddress } = deriveAddresses(generateEntropy())
 * ```
 */
export function deriveAddresses(entropy: Uint8Array): WalletAddresses {
  const seed = entropyToSeed(entropy)
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
