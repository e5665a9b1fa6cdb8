/**
 * SECURITY.md §4: "A database dump plus the KEK cannot reconstruct a passphrase-mode key."
 *
 * The server's rows are modeled as the frame produces them in passphrase mode: per device an auth share
 * envelope-encrypted under the KEK (AES-256-GCM here; the real envelope is frame-app/server's), the
 * recovery auth share under the KEK too, and the passphrase-encrypted recovery blob. The attacker holds
 * all of it and the KEK, but neither the passphrase nor any device share (those live in browsers).
 */
import { bytesToHex } from '@noble/hashes/utils.js'
import fc from 'fast-check'
import { combine } from 'shamir-secret-sharing'
import { describe, expect, test } from 'vitest'
import { deriveAddresses, type WalletAddresses } from './accounts.ts'
import { generateEntropy } from './entropy.ts'
import { ReconstructionError, WrongPassphraseError } from './errors.ts'
import { decryptRecoveryShare, encryptRecoveryShare, type RecoveryBlob } from './recovery.ts'
import { reconstruct, splitForDevice, splitForRecovery } from './shares.ts'

const FAST = { N: 2 ** 14, r: 8, p: 1 }
// Each registration runs scrypt; on a busy 2-core runner that is a few hundred ms.
const SLOW = { timeout: 60_000 }
const PASSPHRASE = 'orbit velvet cactus 1987 lantern'

type Envelope = { iv: Uint8Array<ArrayBuffer>; ciphertext: Uint8Array<ArrayBuffer> }
type Dump = {
  wallet: { walletId: string } & WalletAddresses
  deviceAuthShares: { deviceId: string; authShare: Envelope }[]
  recovery: { authShare: Envelope; recoveryBlob: RecoveryBlob }
}
/** What stays in the users' browsers and heads: never in the dump. */
type UserSide = { deviceShares: Uint8Array[]; passphrase: string }

async function kekEncrypt(kek: CryptoKey, plaintext: Uint8Array): Promise<Envelope> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, kek, new Uint8Array(plaintext)),
  )
  return { iv, ciphertext }
}

async function kekDecrypt(kek: CryptoKey, { iv, ciphertext }: Envelope): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, kek, ciphertext))
}

/** Registration in passphrase mode with two devices, as the frame does it; returns both sides. */
async function register(entropy: Uint8Array, kek: CryptoKey): Promise<{ dump: Dump; user: UserSide }> {
  const walletId = crypto.randomUUID()
  const devices = [await splitForDevice(entropy), await splitForDevice(entropy)]
  const { recoveryShare, authShare } = await splitForRecovery(entropy)
  const recoveryBlob = await encryptRecoveryShare({
    walletId,
    share: recoveryShare,
    passphrase: PASSPHRASE,
    params: FAST,
  })
  recoveryShare.fill(0)
  const dump: Dump = {
    wallet: { walletId, ...(await deriveAddresses(entropy)) },
    deviceAuthShares: await Promise.all(
      devices.map(async (device) => ({
        deviceId: crypto.randomUUID(),
        authShare: await kekEncrypt(kek, device.authShare),
      })),
    ),
    recovery: { authShare: await kekEncrypt(kek, authShare), recoveryBlob },
  }
  return { dump, user: { deviceShares: devices.map((d) => d.deviceShare), passphrase: PASSPHRASE } }
}

/** Everything an attacker with the dump and the KEK can decrypt. */
async function attackerView(dump: Dump, kek: CryptoKey) {
  return {
    authShares: [
      ...(await Promise.all(dump.deviceAuthShares.map((row) => kekDecrypt(kek, row.authShare)))),
      await kekDecrypt(kek, dump.recovery.authShare),
    ],
    recoveryBlob: dump.recovery.recoveryBlob,
  }
}

const newKek = () =>
  crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
    return undefined
  } catch (error) {
    return error
  }
}

/**
 * For a 2-of-2 share and ANY target secret, the one second share (at another x) that combines with it
 * to that target. Built with the audited library only: Lagrange interpolation at 0 is linear in the
 * y-values over GF(2^8), so combine([A, (y, xb)]) = combine([A, (0, xb)]) ⊕ y·Lb, and y ↦ y·Lb is a
 * bijection that one combine of 257-byte shares tabulates.
 */
async function completion(share: Uint8Array, target: Uint8Array): Promise<Uint8Array> {
  const n = share.length - 1
  const xa = share[n]!
  const xb = xa === 1 ? 2 : 1
  const zeroAtB = new Uint8Array(n + 1)
  zeroAtB[n] = xb
  const base = await combine([share, zeroAtB])
  const zeros = new Uint8Array(257)
  zeros[256] = xa
  const values = new Uint8Array(257)
  for (let v = 0; v < 256; v++) values[v] = v
  values[256] = xb
  const table = await combine([zeros, values])
  const inverse = new Uint8Array(256)
  for (let v = 0; v < 256; v++) inverse[table[v]!] = v
  expect(new Set(table).size, 'y ↦ y·Lb is a permutation').toBe(256)
  const out = new Uint8Array(n + 1)
  out[n] = xb
  for (let i = 0; i < n; i++) out[i] = inverse[target[i]! ^ base[i]!]!
  return out
}

describe('a database dump plus the KEK cannot rebuild a passphrase-mode key', () => {
  test(
    'control: with the passphrase, or with a device share, the same dump does rebuild it',
    SLOW,
    async () => {
      const kek = await newKek()
      const entropy = generateEntropy()
      const { dump, user } = await register(entropy, kek)
      const view = await attackerView(dump, kek)
      const recoveryShare = await decryptRecoveryShare({
        walletId: dump.wallet.walletId,
        blob: view.recoveryBlob,
        passphrase: user.passphrase,
      })
      expect(await reconstruct(recoveryShare, view.authShares[2]!, dump.wallet)).toEqual(entropy)
      expect(await reconstruct(user.deviceShares[0]!, view.authShares[0]!, dump.wallet)).toEqual(entropy)
      expect(await reconstruct(user.deviceShares[1]!, view.authShares[1]!, dump.wallet)).toEqual(entropy)
    },
  )

  test(
    'property: every pair of server-held shares fails the check (auth_d with auth_r, auth_d with auth_d′)',
    SLOW,
    async () => {
      const kek = await newKek()
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(16 as const, 32 as const), async (bytes) => {
          const entropy = generateEntropy({ bytes })
          const { dump } = await register(entropy, kek)
          const { authShares } = await attackerView(dump, kek)
          for (let i = 0; i < authShares.length; i++) {
            for (let j = 0; j < authShares.length; j++) {
              if (i === j) continue
              const error = await rejectionOf(reconstruct(authShares[i]!, authShares[j]!, dump.wallet))
              expect(error).toBeInstanceOf(ReconstructionError)
            }
          }
          // All three at once (a degree-2 interpolation) rebuild nothing either.
          const all = await combine(authShares).catch(() => undefined)
          if (all) expect(bytesToHex(all)).not.toBe(bytesToHex(entropy))
        }),
        { numRuns: 8 },
      )
    },
  )

  test('property: the server-held shares are consistent with every possible wallet', SLOW, async () => {
    // Each split has its own random coefficient, so each server-held share has, for any candidate
    // entropy, exactly one partner share that completes it to that candidate: the dump rules out no
    // wallet at all (information-theoretic, not a matter of attacker effort).
    const kek = await newKek()
    const entropy = generateEntropy()
    const { dump } = await register(entropy, kek)
    const { authShares } = await attackerView(dump, kek)
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 16, maxLength: 16 }), async (candidate) => {
        for (const share of authShares) {
          const partner = await completion(share, candidate)
          expect(bytesToHex(await combine([share, partner]))).toBe(bytesToHex(candidate))
        }
      }),
      { numRuns: 200 },
    )
  })

  test('behavior: the recovery blob does not open without the passphrase', SLOW, async () => {
    const kek = await newKek()
    const { dump } = await register(generateEntropy(), kek)
    const guesses = [
      '',
      'password',
      'orbit velvet cactus 1987',
      'orbit velvet cactus 1987 lanterns',
      'ORBIT VELVET CACTUS 1987 LANTERN',
    ]
    for (const passphrase of guesses) {
      const error = await rejectionOf(
        decryptRecoveryShare({
          walletId: dump.wallet.walletId,
          blob: dump.recovery.recoveryBlob,
          passphrase,
        }),
      )
      expect(error, passphrase).toBeInstanceOf(WrongPassphraseError)
    }
  })

  test('behavior: the dump holds neither the entropy nor a device share', SLOW, async () => {
    const kek = await newKek()
    const entropy = generateEntropy()
    const { dump, user } = await register(entropy, kek)
    const serialized = JSON.stringify(dump, (_key, value) =>
      value instanceof Uint8Array ? bytesToHex(value) : value,
    )
    for (const secret of [entropy, ...user.deviceShares]) {
      expect(serialized).not.toContain(bytesToHex(secret.subarray(0, 8)))
    }
  })
})
