import { describe, expect, test } from 'vitest'
import { WeakPassphraseError, WrongPassphraseError } from './errors.ts'
import {
  decryptRecoveryShare,
  encryptRecoveryShare,
  MIN_PASSPHRASE_LENGTH,
  RECOVERY_SCRYPT_PARAMS,
  type RecoveryBlob,
} from './recovery.ts'

// Low cost so the suite stays fast; one test below runs the production parameters.
const FAST = { N: 2 ** 14, r: 8, p: 1 }
const WALLET = 'wallet-1'
const PASSPHRASE = 'correct horse battery staple'
const SHARE = Uint8Array.from({ length: 17 }, (_, i) => i * 13)

const encrypt = (overrides: Partial<Parameters<typeof encryptRecoveryShare>[0]> = {}) =>
  encryptRecoveryShare({ walletId: WALLET, share: SHARE, passphrase: PASSPHRASE, params: FAST, ...overrides })

describe('encryptRecoveryShare / decryptRecoveryShare', () => {
  test('default: round trip, JSON-safe blob of the expected shape', async () => {
    const blob = await encrypt()
    expect({
      ...blob,
      salt: blob.salt.length,
      iv: blob.iv.length,
      ciphertext: blob.ciphertext.length,
    }).toMatchInlineSnapshot(`
        {
          "N": 16384,
          "ciphertext": 44,
          "iv": 16,
          "kdf": "scrypt",
          "p": 1,
          "r": 8,
          "salt": 22,
          "v": 1,
        }
      `)
    const parsed = JSON.parse(JSON.stringify(blob)) as RecoveryBlob
    expect(await decryptRecoveryShare({ walletId: WALLET, blob: parsed, passphrase: PASSPHRASE })).toEqual(
      SHARE,
    )
  })

  test('default: production scrypt parameters (OWASP: N=2^17, r=8, p=1)', { timeout: 30_000 }, async () => {
    expect(RECOVERY_SCRYPT_PARAMS).toEqual({ N: 131072, r: 8, p: 1 })
    const progress: number[] = []
    const blob = await encryptRecoveryShare({
      walletId: WALLET,
      share: SHARE,
      passphrase: PASSPHRASE,
      onProgress: (value) => progress.push(value),
    })
    expect([blob.N, blob.r, blob.p]).toEqual([131072, 8, 1])
    expect(progress.at(-1)).toBe(1)
    expect(await decryptRecoveryShare({ walletId: WALLET, blob, passphrase: PASSPHRASE })).toEqual(SHARE)
  })

  test('behavior: fresh salt and nonce every time', async () => {
    const [a, b] = await Promise.all([encrypt(), encrypt()])
    expect(a.salt).not.toBe(b.salt)
    expect(a.iv).not.toBe(b.iv)
    expect(a.ciphertext).not.toBe(b.ciphertext)
  })

  test('behavior: the passphrase is NFKC-normalized (composed and decomposed é match)', async () => {
    const blob = await encrypt({ passphrase: 'caf\u00e9 au lait du matin' })
    const share = await decryptRecoveryShare({
      walletId: WALLET,
      blob,
      passphrase: 'cafe\u0301 au lait du matin',
    })
    expect(share).toEqual(SHARE)
  })

  test('error: wrong passphrase', async () => {
    const blob = await encrypt()
    await expect(
      decryptRecoveryShare({ walletId: WALLET, blob, passphrase: 'correct horse battery stapler' }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[WrongPassphraseError: Wrong passphrase: the recovery share could not be decrypted]`,
    )
  })

  test('error: a blob of another wallet, or altered ciphertext or parameters', {
    timeout: 30_000,
  }, async () => {
    const blob = await encrypt()
    const attempts: [string, RecoveryBlob][] = [
      ['other-wallet', blob],
      [
        WALLET,
        { ...blob, ciphertext: `${blob.ciphertext[0] === 'A' ? 'B' : 'A'}${blob.ciphertext.slice(1)}` },
      ],
      [WALLET, { ...blob, N: 2 ** 15 }],
      [WALLET, { ...blob, r: 4 }],
    ]
    for (const [walletId, candidate] of attempts) {
      await expect(
        decryptRecoveryShare({ walletId, blob: candidate, passphrase: PASSPHRASE }),
      ).rejects.toThrow(WrongPassphraseError)
    }
  })

  test('error: malformed blobs are refused before any scrypt runs', async () => {
    const blob = await encrypt()
    const cases: [string, unknown][] = [
      ['version', { ...blob, v: 2 }],
      ['kdf', { ...blob, kdf: 'argon2id' }],
      ['huge N', { ...blob, N: 2 ** 30 }],
      ['N not a power of two', { ...blob, N: 100_000 }],
      ['memory', { ...blob, N: 2 ** 20, r: 16 }],
      ['salt', { ...blob, salt: '!!' }],
      ['iv', { ...blob, iv: blob.salt }],
      ['null', null],
    ]
    const messages: Record<string, string> = {}
    for (const [name, candidate] of cases) {
      const started = performance.now()
      const error = await decryptRecoveryShare({
        walletId: WALLET,
        blob: candidate as RecoveryBlob,
        passphrase: PASSPHRASE,
      }).catch((e: Error) => e)
      expect(performance.now() - started, name).toBeLessThan(50)
      messages[name] = `${(error as Error).name}: ${(error as Error).message}`
    }
    expect(messages).toMatchInlineSnapshot(`
      {
        "N not a power of two": "RecoveryBlobError: Recovery blob scrypt parameters out of bounds: N must be a power of two in [2^14, 2^20], got 100000",
        "huge N": "RecoveryBlobError: Recovery blob scrypt parameters out of bounds: N must be a power of two in [2^14, 2^20], got 1073741824",
        "iv": "RecoveryBlobError: Recovery blob iv is not 12 bytes",
        "kdf": "RecoveryBlobError: Recovery blob kdf "argon2id" is not supported",
        "memory": "RecoveryBlobError: Recovery blob scrypt parameters out of bounds: 128·N·r must be at most 1 GiB, got 2147483648 bytes",
        "null": "RecoveryBlobError: Recovery blob is not an object",
        "salt": "RecoveryBlobError: Recovery blob salt is not base64url",
        "version": "RecoveryBlobError: Recovery blob version 2 is not supported",
      }
    `)
  })

  test('error: passphrase too short', async () => {
    expect(MIN_PASSPHRASE_LENGTH).toBe(12)
    await expect(encrypt({ passphrase: 'hunter2' })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[WeakPassphraseError: Passphrase too short: use at least 12 characters]`,
    )
    await expect(encrypt({ passphrase: '           a' })).resolves.toBeDefined()
    await expect(encrypt({ passphrase: '🔑'.repeat(11) })).rejects.toThrow(WeakPassphraseError)
  })

  test('error: bad arguments', async () => {
    await expect(encrypt({ walletId: '' })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[TypeError: expected a non-empty walletId]`,
    )
    await expect(encrypt({ share: new Uint8Array(0) })).rejects.toThrow(TypeError)
    await expect(encrypt({ params: { N: 2 ** 10, r: 8, p: 1 } })).rejects.toThrowErrorMatchingInlineSnapshot(
      `[RangeError: scrypt parameters out of bounds: N must be a power of two in [2^14, 2^20], got 1024]`,
    )
  })
})
