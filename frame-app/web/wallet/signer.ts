/**
 * Signing with the session's EVM key, unlocked for one digest only (SECURITY.md §1): this storage's device
 * share and the auth share are combined, the wallet is re-derived (BIP-39 seed → `m/44'/60'/0'/0/0`) and
 * its address checked against the session's, the digest is signed, and every buffer is zeroed before the
 * promise settles. Nothing derived from the key outlives the call; only the auth share stays, in the
 * bridge's memory cache (at most 15 idle minutes, `keyMaterial.ts`), so that a burst of signatures needs
 * one release from the server.
 *
 * The signature is made by `@noble/curves` (the same audited secp256k1 the rest of the wallet uses, warmed
 * by `warmUp()`), over a `Uint8Array` key that can be zeroed: viem's signing functions take the key as a
 * hex string, which no code can wipe. viem still builds every digest (`hashMessage`, `hashTypedData`,
 * `keccak256(serializeTransaction(…))`) and serializes the results, in `web/rpc`.
 *
 * Cost: four base-point multiplications (the public keys of the path's two non-hardened parents, two fewer
 * once this page has derived the wallet (`parentPublicKeys`); the account's, for the address check; the
 * signature's) plus the native PBKDF2 of the seed, so the base-point table matters most. `warmUp()` builds a small one
 * (4-bit windows, cheap to build, for the login); {@link warmSigner} replaces it once per page with an
 * 8-bit one while the person reads the first approval, which halves the derivation (measured in Node: 14 →
 * 8 ms for `deriveEvmAccount` on a machine at twice its CPU count of load). The first call after a page load
 * (or after 15 idle minutes) also fetches the auth share: a server nonce, then the release under the
 * session's device id, signed by this storage's device key. After a login the share is cached already
 * (`custody.setUpWallet`).
 * @module
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { base64urlnopad } from '@scure/base'
import { combine } from 'shamir-secret-sharing'
import type { AccountServices, Session } from '../bridge/context.ts'
import type { SealedDeviceShare } from './deviceStore.ts'
import { assertEntropy, entropyToSeed } from './entropy.ts'
import { DeviceShareError, ReconstructionError } from './errors.ts'
import { deriveEvmAccount, isEvmAddressEqual } from './evm.ts'
import type { KeyMaterialCache } from './keyMaterial.ts'
import { warmUp } from './warmUp.ts'

/** An ECDSA signature as viem's `serializeTransaction` takes it. */
export type EvmSignature = { r: `0x${string}`; s: `0x${string}`; yParity: 0 | 1 }

export type SignDigestParameters = {
  /** The frame's server and this storage's device store. */
  account: Pick<AccountServices, 'api' | 'devices'>
  /** Whose key: the wallet id, the address the rebuilt key must have, the device its auth share is under. */
  session: Pick<Session, 'walletId' | 'address' | 'deviceId'>
  /** The bridge's auth share cache. */
  authShares: KeyMaterialCache
  /** The 32-byte digest to sign (already hashed: no prehash is applied). */
  digest: Uint8Array
  /**
   * This storage's device share, read ahead by {@link prefetchDeviceShare} while the approval was on
   * screen (still encrypted); when absent, it is read here.
   */
  deviceShare?: Promise<SealedDeviceShare | undefined> | undefined
  /** Aborts the unlock; once the key is rebuilt, the signature is made without further waiting. */
  signal?: AbortSignal
}

/**
 * Signs a 32-byte digest with the session's EVM key, rebuilt for this call only (see the module doc).
 * @throws TypeError when `digest` is not 32 bytes.
 * @throws DeviceShareError when this storage holds no device share of the wallet (or it does not decrypt).
 * @throws ReconstructionError when the shares do not rebuild the session's address; the cached auth share
 *   is dropped then, so the next attempt fetches it again.
 * @throws ProtocolError when the server refuses to release the auth share (no session, a session not bound
 *   to this storage's device key, the hourly limit).
 * @example
 * ```ts
 * import { hashMessage, hexToBytes } from 'viem'
 * import { signDigest } from './signer.ts'
 * const signature = await signDigest({ account, session, authShares, digest: hexToBytes(hashMessage('hi')) })
 * // signature: { r, s, yParity }
 * ```
 */
export async function signDigest(parameters: SignDigestParameters): Promise<EvmSignature> {
  const { digest, session, authShares } = parameters
  if (!(digest instanceof Uint8Array) || digest.length !== 32)
    throw new TypeError('expected a 32-byte digest to sign')
  const [deviceShare, authShare] = await bothOrNone(loadDeviceShare(parameters), authShareOf(parameters))
  let entropy: Uint8Array
  try {
    entropy = await combine([deviceShare, authShare])
  } catch (cause) {
    authShares.delete(session.walletId)
    throw new ReconstructionError({ cause })
  } finally {
    deviceShare.fill(0)
    authShare.fill(0)
  }
  try {
    try {
      assertEntropy(entropy)
    } catch (cause) {
      authShares.delete(session.walletId)
      throw new ReconstructionError({ cause })
    }
    const seed = await entropyToSeed(entropy)
    let key: ReturnType<typeof deriveEvmAccount>
    try {
      key = deriveEvmAccount(seed, { parentPublicKeys: parentPublicKeys.get(session.walletId) })
    } finally {
      seed.fill(0)
    }
    try {
      if (!isEvmAddressEqual(key.address, session.address)) {
        authShares.delete(session.walletId)
        parentPublicKeys.delete(session.walletId)
        throw new ReconstructionError()
      }
      parentPublicKeys.set(session.walletId, key.parentPublicKeys)
      const signature = secp256k1.sign(digest, key.privateKey, { prehash: false, format: 'recovered' })
      // 'recovered' is recovery byte ‖ r ‖ s.
      return {
        r: `0x${bytesToHex(signature.subarray(1, 33))}`,
        s: `0x${bytesToHex(signature.subarray(33, 65))}`,
        yParity: signature[0] === 1 ? 1 : 0,
      }
    } finally {
      key.privateKey.fill(0)
    }
  } finally {
    entropy.fill(0)
  }
}

let warming: Promise<void> | undefined

/**
 * Per wallet, the public keys of the BIP-32 path's two non-hardened parents, from its last checked
 * derivation: public (no chain code goes with them), they save each later signature two base-point
 * multiplications. Kept only after the address check passed, and dropped when one fails.
 */
const parentPublicKeys = new Map<string, readonly Uint8Array[]>()

/**
 * Prepares this page for fast signatures, once (later calls return the same promise): the wallet warm-up,
 * then, in a task of its own, the 8-bit base-point table (one ~70–140 ms task; each multiplication then
 * costs about half). Start it when a signature is coming but the person still has to approve it.
 * @returns A promise that resolves when done; it never rejects, and nothing needs to wait for it.
 */
export function warmSigner(): Promise<void> {
  warming ??= warmUp()
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => {
      secp256k1.Point.BASE.precompute(8, false)
    })
    .catch(() => {})
  return warming
}

/** Both shares, or the first failure with the other share zeroed. */
async function bothOrNone(a: Promise<Uint8Array>, b: Promise<Uint8Array>): Promise<[Uint8Array, Uint8Array]> {
  const [first, second] = await Promise.allSettled([a, b])
  if (first.status === 'fulfilled' && second.status === 'fulfilled') return [first.value, second.value]
  for (const result of [first, second]) if (result.status === 'fulfilled') result.value.fill(0)
  throw first.status === 'rejected' ? first.reason : (second as PromiseRejectedResult).reason
}

/**
 * Reads this storage's device share of the session's wallet, still encrypted (one IndexedDB transaction),
 * so that a signature waiting for approval need not read it after the click: the first transaction of a
 * page is slow (up to ~10 ms). Nothing is decrypted; pass the promise to {@link signDigest} once approved,
 * and drop it when the request ends otherwise. Rejections are also left to {@link signDigest}.
 */
export function prefetchDeviceShare(
  account: Pick<AccountServices, 'devices'>,
  session: Pick<Session, 'walletId'>,
): Promise<SealedDeviceShare | undefined> {
  const sealed = account.devices().then((store) => store.readDeviceShare({ walletId: session.walletId }))
  // Handled here too: a request that ends before its signature never awaits it.
  sealed.catch(() => {})
  return sealed
}

/** The device share, read ahead or now, and decrypted: the only place it is. */
async function loadDeviceShare(parameters: SignDigestParameters): Promise<Uint8Array> {
  const store = await parameters.account.devices()
  const sealed = await (parameters.deviceShare ??
    store.readDeviceShare({ walletId: parameters.session.walletId }))
  if (!sealed) throw new DeviceShareError('This storage holds no device share of the wallet')
  return store.openDeviceShare(sealed)
}

/**
 * The cached auth share, or a release of the session device's auth share, signed by this storage's device
 * key (no mailed code: SECURITY.md §1).
 */
async function authShareOf(parameters: SignDigestParameters): Promise<Uint8Array> {
  const { account, session, authShares, signal } = parameters
  const cached = authShares.get(session.walletId)
  if (cached) return cached
  const { body } = await account.api.call('releaseDeviceShare', {
    params: { deviceId: session.deviceId },
    ...(signal && { signal }),
  })
  if (body.walletId !== session.walletId) throw new ReconstructionError()
  const share = new Uint8Array(base64urlnopad.decode(body.authShare))
  authShares.set(session.walletId, share)
  return share
}
