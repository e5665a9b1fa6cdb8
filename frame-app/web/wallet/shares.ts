/**
 * Shares of the wallet entropy (SECURITY.md §1): per device *d* a 2-of-2 split (device_d, auth_d), and a
 * recovery split (recovery, auth_r). Each split is an independent Shamir sharing over GF(2^8)
 * (`shamir-secret-sharing`, audited) with fresh random coefficients, so a share of one split combined with
 * a share of another rebuilds nothing, and any one share alone is uniformly random.
 *
 * `shamir-secret-sharing` does not check what it rebuilds, so {@link reconstruct} re-derives the wallet
 * and compares its address with the stored one before anything uses the entropy.
 *
 * Zeroing: every buffer this module owns is overwritten with `fill(0)` once used, but JS cannot
 * guarantee erasure. The engine may have copied bytes (JIT, GC compaction), the Shamir library keeps
 * share bytes in its own temporaries, and BIP-39 passes the mnemonic through an immutable string. So
 * reconstructed material is kept for one operation only, never stored, and never leaves the frame.
 * @module
 */
import { combine, split } from 'shamir-secret-sharing'
import { assertEntropy, entropyToSeed } from './entropy.ts'
import { ReconstructionError } from './errors.ts'
import { deriveEvmAccount, isEvmAddressEqual } from './evm.ts'
import { deriveSolanaAccount } from './solana.ts'

/** The 2-of-2 split for one device: `deviceShare` stays in the browser, `authShare` goes to the server. */
export type DeviceShares = { deviceShare: Uint8Array; authShare: Uint8Array }

/** The 2-of-2 recovery split: `recoveryShare` is encrypted for recovery, `authShare` goes to the server. */
export type RecoveryShares = { recoveryShare: Uint8Array; authShare: Uint8Array }

/** What a reconstruction must rebuild: the stored addresses of the wallet. */
export type ExpectedWallet = {
  /** Stored EIP-55 (or lowercase) EVM address; always checked. */
  evmAddress: string
  /** Stored base58 Solana address; checked too when given. */
  solanaAddress?: string
}

/**
 * Splits `entropy` 2-of-2 for a new device (at registration, and when a new device is set up).
 * Each share is `entropy.length + 1` bytes (the last byte is its x-coordinate).
 * @throws RangeError when `entropy` is not 16, 20, 24, 28 or 32 bytes.
 * @throws Error when the split does not combine back to `entropy` (a broken environment; never expected).
 * @example
 * ```ts
 * import { splitForDevice } from './shares.ts'
 * const { deviceShare, authShare } = await splitForDevice(entropy)
 * ```
 */
export async function splitForDevice(entropy: Uint8Array): Promise<DeviceShares> {
  const [deviceShare, authShare] = await splitInTwo(entropy)
  return { deviceShare, authShare }
}

/**
 * Splits `entropy` 2-of-2 for recovery, independently of every device split.
 * @throws RangeError when `entropy` is not 16, 20, 24, 28 or 32 bytes.
 * @throws Error when the split does not combine back to `entropy` (a broken environment; never expected).
 */
export async function splitForRecovery(entropy: Uint8Array): Promise<RecoveryShares> {
  const [recoveryShare, authShare] = await splitInTwo(entropy)
  return { recoveryShare, authShare }
}

/**
 * Combines two shares of one split and checks that they rebuild the expected wallet: the EVM address
 * (and the Solana address when given) re-derived from the result must equal the stored one. The seed
 * and keys derived for the check are zeroed; the shares passed in are not touched.
 * @returns The entropy, a new buffer that the caller must zero after use (or use
 *   {@link withReconstructedEntropy}, which does).
 * @throws ReconstructionError ('Key reconstruction failed: the rebuilt wallet does not match') when the
 *   shares cannot be combined (different lengths, same x-coordinate, not bytes), rebuild something that is
 *   not wallet entropy, or rebuild another wallet (a corrupted share, or shares of different splits).
 * @throws TypeError when `expected.evmAddress` is not a `0x`-prefixed 20-byte hex address.
 * @example
 * ```ts
 * import { reconstruct } from './shares.ts'
 * const entropy = await reconstruct(deviceShare, authShare, { evmAddress })
 * try { sign(entropy) } finally { entropy.fill(0) }
 * ```
 */
export async function reconstruct(
  shareA: Uint8Array,
  shareB: Uint8Array,
  expected: ExpectedWallet,
): Promise<Uint8Array> {
  if (!/^0x[0-9a-fA-F]{40}$/.test(expected.evmAddress))
    throw new TypeError(`Address "${expected.evmAddress}" is invalid.`)

  let entropy: Uint8Array
  const copies = [copyBytes(shareA), copyBytes(shareB)]
  try {
    entropy = await combine(copies)
  } catch (cause) {
    throw new ReconstructionError({ cause })
  } finally {
    for (const copy of copies) copy.fill(0)
  }

  try {
    assertEntropy(entropy)
    if (!(await matches(entropy, expected))) throw new ReconstructionError()
    return entropy
  } catch (error) {
    entropy.fill(0)
    throw error instanceof ReconstructionError ? error : new ReconstructionError({ cause: error })
  }
}

/**
 * Runs `use` with the checked entropy of two shares, then zeroes it, whether `use` resolves or throws.
 * `use` must not keep the buffer (it is zeroed afterwards) nor copies of it.
 * @throws ReconstructionError and TypeError as {@link reconstruct}; whatever `use` throws.
 * @example
 * ```ts
 * import { entropyToSeed } from './entropy.ts'
 * import { deriveEvmAccount } from './evm.ts'
 * import { withReconstructedEntropy } from './shares.ts'
 * const expected = { evmAddress }
 * const signature = await withReconstructedEntropy(deviceShare, authShare, expected, async (entropy) => {
 *   const seed = await entropyToSeed(entropy)
 *   const { privateKey } = deriveEvmAccount(seed)
 *   seed.fill(0)
 *   try { return signWith(privateKey) } finally { privateKey.fill(0) }
 * })
 * ```
 */
export async function withReconstructedEntropy<T>(
  shareA: Uint8Array,
  shareB: Uint8Array,
  expected: ExpectedWallet,
  use: (entropy: Uint8Array) => T | Promise<T>,
): Promise<T> {
  const entropy = await reconstruct(shareA, shareB, expected)
  try {
    return await use(entropy)
  } finally {
    entropy.fill(0)
  }
}

async function splitInTwo(entropy: Uint8Array): Promise<[Uint8Array, Uint8Array]> {
  assertEntropy(entropy)
  const secret = copyBytes(entropy)
  try {
    const [a, b] = (await split(secret, 2, 2)) as [Uint8Array, Uint8Array]
    // The library does not verify itself; a split that does not combine back would lose the wallet.
    const back = await combine([a, b])
    const same = equalBytes(back, secret)
    back.fill(0)
    if (!same) {
      a.fill(0)
      b.fill(0)
      throw new Error('Shamir split self-check failed: the shares do not combine back to the entropy')
    }
    return [a, b]
  } finally {
    secret.fill(0)
  }
}

async function matches(entropy: Uint8Array, expected: ExpectedWallet): Promise<boolean> {
  const seed = await entropyToSeed(entropy)
  try {
    const evm = deriveEvmAccount(seed)
    evm.privateKey.fill(0)
    if (!isEvmAddressEqual(evm.address, expected.evmAddress)) return false
    if (expected.solanaAddress === undefined) return true
    const solana = deriveSolanaAccount(seed)
    solana.privateKey.fill(0)
    return solana.address === expected.solanaAddress
  } finally {
    seed.fill(0)
  }
}

/** A plain `Uint8Array` copy (the Shamir library rejects subclasses such as Node's Buffer). */
function copyBytes(bytes: Uint8Array): Uint8Array {
  if (!(bytes instanceof Uint8Array)) return new Uint8Array(0)
  return new Uint8Array(bytes)
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!
  return diff === 0
}
