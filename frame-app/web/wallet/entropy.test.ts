import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { mnemonicToSeedSync } from '@scure/bip39'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  entropyToMnemonic,
  entropyToSeed,
  generateEntropy,
  isValidMnemonic,
  mnemonicToEntropy,
} from './entropy.ts'
import { InvalidMnemonicError } from './errors.ts'

// BIP-39 reference vectors (trezor/python-mnemonic vectors.json, english). Seeds there use the
// passphrase "TREZOR"; Keyframe uses none, so the seed vector below is the well-known empty-passphrase
// seed of "abandon … about".
const MNEMONIC_VECTORS: [string, string][] = [
  [
    '00000000000000000000000000000000',
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  ],
  [
    '7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f',
    'legal winner thank year wave sausage worth useful legal winner thank yellow',
  ],
  [
    '80808080808080808080808080808080',
    'letter advice cage absurd amount doctor acoustic avoid letter advice cage above',
  ],
  ['ffffffffffffffffffffffffffffffff', 'zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong'],
  ['0000000000000000000000000000000000000000000000000000000000000000', `${'abandon '.repeat(23)}art`],
  ['ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', `${'zoo '.repeat(23)}vote`],
]

describe('generateEntropy', () => {
  test('default: 16 fresh random bytes', () => {
    const a = generateEntropy()
    const b = generateEntropy()
    expect(a).toBeInstanceOf(Uint8Array)
    expect(a).toHaveLength(16)
    expect(bytesToHex(a)).not.toBe(bytesToHex(b))
    expect(entropyToMnemonic(a).split(' ')).toHaveLength(12)
  })

  test('parameters: bytes 32 gives 24 words', () => {
    const entropy = generateEntropy({ bytes: 32 })
    expect(entropy).toHaveLength(32)
    expect(entropyToMnemonic(entropy).split(' ')).toHaveLength(24)
  })

  test('error: any other size', () => {
    expect(() => generateEntropy({ bytes: 24 as 16 })).toThrowErrorMatchingInlineSnapshot(
      `[RangeError: expected 16 or 32 entropy bytes, got 24]`,
    )
  })
})

describe('entropyToMnemonic / mnemonicToEntropy', () => {
  test.each(MNEMONIC_VECTORS)('vector: %s', (entropyHex, mnemonic) => {
    expect(entropyToMnemonic(hexToBytes(entropyHex))).toBe(mnemonic)
    expect(bytesToHex(mnemonicToEntropy(mnemonic))).toBe(entropyHex)
    expect(isValidMnemonic(mnemonic)).toBe(true)
  })

  test('behavior: case and whitespace are ignored', () => {
    const messy = `  Legal WINNER thank\tyear wave sausage\n worth useful legal winner thank yellow  `
    expect(bytesToHex(mnemonicToEntropy(messy))).toBe('7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f')
  })

  test('error: bad checksum', () => {
    const bad =
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon'
    expect(() => mnemonicToEntropy(bad)).toThrowErrorMatchingInlineSnapshot(
      `[InvalidMnemonicError: Invalid recovery phrase: expected 12 to 24 English BIP-39 words with a valid checksum]`,
    )
    expect(isValidMnemonic(bad)).toBe(false)
  })

  test('error: an unknown word is not quoted anywhere in the error (it may be a misspelt secret word)', () => {
    const typo = 'legal winner thank year wave sausage worth useful legal winner thank yelow'
    let error: unknown
    try {
      mnemonicToEntropy(typo)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(InvalidMnemonicError)
    expect((error as Error).cause).toBeUndefined()
    expect(
      JSON.stringify({ message: (error as Error).message, stack: (error as Error).stack }),
    ).not.toContain('yelow')
  })

  test('error: wrong entropy length', () => {
    expect(() => entropyToMnemonic(new Uint8Array(15))).toThrowErrorMatchingInlineSnapshot(
      `[RangeError: expected entropy of 16, 20, 24, 28 or 32 bytes, got 15 bytes]`,
    )
  })
})

describe('entropyToSeed', () => {
  test('vector: abandon … about, empty passphrase', async () => {
    expect(bytesToHex(await entropyToSeed(new Uint8Array(16)))).toBe(
      '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1' +
        '9a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
    )
  })

  test.each(MNEMONIC_VECTORS)(
    'vector: WebCrypto seed = @scure/bip39 seed of %s',
    async (entropyHex, mnemonic) => {
      const seed = await entropyToSeed(hexToBytes(entropyHex))
      expect(seed).toBeInstanceOf(Uint8Array)
      expect(seed).toHaveLength(64)
      expect(bytesToHex(seed)).toBe(bytesToHex(mnemonicToSeedSync(mnemonic, '')))
    },
  )

  test('property: WebCrypto seed = @scure/bip39 seed for random entropy of every BIP-39 length', async () => {
    const entropy = fc.oneof(
      ...[16, 20, 24, 28, 32].map((n) => fc.uint8Array({ minLength: n, maxLength: n })),
    )
    await fc.assert(
      fc.asyncProperty(entropy, async (bytes) => {
        const expected = bytesToHex(mnemonicToSeedSync(entropyToMnemonic(bytes), ''))
        expect(bytesToHex(await entropyToSeed(bytes))).toBe(expected)
      }),
      { numRuns: 12 },
    )
  })

  test('behavior: the entropy is left untouched and every call returns a new buffer', async () => {
    const entropy = new Uint8Array(16).fill(9)
    const a = await entropyToSeed(entropy)
    a.fill(0)
    expect(entropy).toEqual(new Uint8Array(16).fill(9))
    expect(bytesToHex(await entropyToSeed(entropy))).not.toBe(bytesToHex(a))
  })

  test('error: wrong entropy length (a rejection, nothing thrown synchronously)', async () => {
    const seed = entropyToSeed(new Uint8Array(64))
    await expect(seed).rejects.toThrowErrorMatchingInlineSnapshot(
      `[RangeError: expected entropy of 16, 20, 24, 28 or 32 bytes, got 64 bytes]`,
    )
  })
})
