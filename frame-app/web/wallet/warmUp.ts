/**
 * Warm-up of the wallet derivation, so the first real one in a fresh frame is not cold. The first
 * derivation in a page pays one-off costs that dwarf the derivation itself: noble-curves builds the
 * secp256k1 and ed25519 base-point tables on first use (~85 and ~70 ms measured in Node), and the JIT
 * has not yet compiled BIP-32, SLIP-10, keccak or the BigInt field arithmetic. {@link warmUp} pays them
 * ahead of time on a throwaway wallet (fresh random entropy, unrelated to any account; its seed and keys
 * are zeroed all the same), so that `deriveAddresses` after a verified login costs what a warm call costs.
 *
 * The work runs in separate tasks (`setTimeout(…, 0)`), so a message that arrives meanwhile (the
 * CONNECT_OTP request, a reply) waits for one step at most, never for the whole warm-up. It only fills
 * caches: results of later derivations are the same with or without it.
 * @module
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { entropyToSeed, generateEntropy } from './entropy.ts'
import { deriveEvmAccount } from './evm.ts'
import { deriveSolanaAccount } from './solana.ts'

let warming: Promise<void> | undefined

/**
 * Starts the warm-up, once per page (later calls return the same promise). Call it when the frame is
 * idle and a derivation is coming (CONNECT_EMAIL has sent the code), not on a request's critical path.
 * @returns A promise that resolves when the warm-up is done; it never rejects, and there is no need to
 *   wait for it (a derivation started meanwhile is correct, only less warm).
 * @example
 * ```ts
 * import { warmUp } from './warmUp.ts'
 * warmUp()
 * ```
 */
export function warmUp(): Promise<void> {
  warming ??= run().catch(() => {})
  return warming
}

async function run(): Promise<void> {
  await nextTask()
  const entropy = generateEntropy()
  // WebCrypto's PBKDF2 (native; off the main thread in Chromium) runs while the curves warm up below.
  const seeding = entropyToSeed(entropy).finally(() => entropy.fill(0))
  seeding.catch(() => {})

  await nextTask()
  warmCurve(secp256k1)
  await nextTask()
  warmCurve(ed25519)

  const seed = await seeding
  try {
    await nextTask()
    deriveEvmAccount(seed).privateKey.fill(0)
    await nextTask()
    deriveSolanaAccount(seed).privateKey.fill(0)
  } finally {
    seed.fill(0)
  }
}

/** One public key of a throwaway secret key: builds the curve's base-point table, as real keys do. */
function warmCurve(curve: {
  getPublicKey(secretKey: Uint8Array): Uint8Array
  utils: { randomSecretKey(): Uint8Array }
  Point: { BASE: { precompute(windowSize: number): unknown } }
}): void {
  // A 4-bit window: its base-point table builds in ~20 ms instead of ~60–170 ms for the default, and costs
  // ~0.2 ms more per multiplication, which a wallet doing a handful of them per operation never notices.
  curve.Point.BASE.precompute(4)
  const secretKey = curve.utils.randomSecretKey()
  try {
    curve.getPublicKey(secretKey)
  } finally {
    secretKey.fill(0)
  }
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
