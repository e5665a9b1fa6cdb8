import { bytesToHex } from '@noble/hashes/utils.js'
import { HDKey } from '@scure/bip32'
import { describe, expect, test } from 'vitest'
import { entropyToSeed, mnemonicToEntropy } from './entropy.ts'
import {
  deriveEvmAccount,
  EVM_DERIVATION_PATH,
  isEvmAddressEqual,
  publicKeyToEvmAddress,
  toChecksumAddress,
} from './evm.ts'

const JUNK = 'test test test test test test test test test test test junk'
const seedOf = (mnemonic: string) => entropyToSeed(mnemonicToEntropy(mnemonic))

describe('deriveEvmAccount', () => {
  test('vector: anvil/hardhat dev account 0 of "test … junk"', async () => {
    const account = deriveEvmAccount(await seedOf(JUNK))
    expect(account.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(bytesToHex(account.privateKey)).toBe(
      'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
    )
    expect(account.publicKey).toHaveLength(65)
    expect(account.publicKey[0]).toBe(4)
  })

  test('parameters: addressIndex 1 is anvil/hardhat dev account 1', async () => {
    const account = deriveEvmAccount(await seedOf(JUNK), { addressIndex: 1 })
    expect(account.address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(bytesToHex(account.privateKey)).toBe(
      '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    )
  })

  test('property: the same keys as @scure/bip32 (the audited BIP-32) for random seeds of every length', () => {
    for (let i = 0; i < 40; i++) {
      const seed = crypto.getRandomValues(new Uint8Array([16, 32, 64][i % 3] as number))
      const addressIndex =
        i % 4 === 3 ? (crypto.getRandomValues(new Uint32Array(1))[0] as number) >>> 1 : i % 3
      const expected = HDKey.fromMasterSeed(seed).derive(`m/44'/60'/0'/0/${addressIndex}`)
      const account = deriveEvmAccount(seed, { addressIndex })
      expect(bytesToHex(account.privateKey)).toBe(bytesToHex(expected.privateKey as Uint8Array))
      expect(bytesToHex(account.publicKey.subarray(1, 33))).toBe(
        bytesToHex((expected.publicKey as Uint8Array).subarray(1)),
      )
    }
  })

  test("behavior: parentPublicKeys are the public keys of m/44'/60'/0' and m/44'/60'/0'/0; given back, the same account", async () => {
    const seed = await seedOf(JUNK)
    const first = deriveEvmAccount(seed)
    const root = HDKey.fromMasterSeed(seed)
    expect(first.parentPublicKeys.map(bytesToHex)).toEqual([
      bytesToHex(root.derive("m/44'/60'/0'").publicKey!),
      bytesToHex(root.derive("m/44'/60'/0'/0").publicKey!),
    ])
    const again = deriveEvmAccount(seed, { parentPublicKeys: first.parentPublicKeys })
    expect(again.address).toBe(first.address)
    expect(again.privateKey).toEqual(first.privateKey)
  })

  test('behavior: wrong parentPublicKeys give another account, not an error (the signer checks the address)', async () => {
    const seed = await seedOf(JUNK)
    const other = deriveEvmAccount(
      await seedOf(
        'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
      ),
    )
    const account = deriveEvmAccount(seed, { parentPublicKeys: other.parentPublicKeys })
    expect(account.address).not.toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })

  test("vector: BIP-44 m/44'/60'/0'/0/0 of \"abandon … about\"", async () => {
    expect(EVM_DERIVATION_PATH).toBe("m/44'/60'/0'/0/0")
    expect(deriveEvmAccount(await entropyToSeed(new Uint8Array(16))).address).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    )
  })

  test('behavior: the seed is left untouched and the result owns its buffers', async () => {
    const seed = await seedOf(JUNK)
    const before = bytesToHex(seed)
    const a = deriveEvmAccount(seed)
    a.privateKey.fill(0)
    expect(bytesToHex(seed)).toBe(before)
    expect(deriveEvmAccount(seed).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })

  test('error: bad address index or seed', async () => {
    const seed = await seedOf(JUNK)
    expect(() => deriveEvmAccount(seed, { addressIndex: -1 })).toThrowErrorMatchingInlineSnapshot(
      `[RangeError: expected an address index in [0, 2^31), got -1]`,
    )
    expect(() => deriveEvmAccount(seed, { addressIndex: 2 ** 31 })).toThrow(RangeError)
    expect(() => deriveEvmAccount(new Uint8Array(8))).toThrowErrorMatchingInlineSnapshot(
      `[RangeError: expected a 16 to 64-byte seed, got 8 bytes]`,
    )
  })
})

describe('publicKeyToEvmAddress', () => {
  test('behavior: compressed and uncompressed keys give the same address', async () => {
    const { publicKey, address } = deriveEvmAccount(await seedOf(JUNK))
    const compressed = new Uint8Array(33)
    compressed[0] = publicKey[64]! % 2 === 0 ? 2 : 3
    compressed.set(publicKey.subarray(1, 33), 1)
    expect(publicKeyToEvmAddress(compressed)).toBe(address)
  })

  test('error: not a curve point', () => {
    expect(() => publicKeyToEvmAddress(new Uint8Array(65))).toThrow()
  })
})

describe('toChecksumAddress', () => {
  // EIP-55 specification test cases.
  test.each([
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ])('vector: EIP-55 %s', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address)
    expect(toChecksumAddress(address.toUpperCase().replace('0X', '0x'))).toBe(address)
  })

  test('error: not a 20-byte hex address', () => {
    expect(() => toChecksumAddress('0x1234')).toThrowErrorMatchingInlineSnapshot(
      `[TypeError: Address "0x1234" is invalid.]`,
    )
  })
})

describe('isEvmAddressEqual', () => {
  test('default: case-insensitive, false for malformed', () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    expect(isEvmAddressEqual(address, address.toLowerCase())).toBe(true)
    expect(isEvmAddressEqual(address, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
    expect(isEvmAddressEqual('0x12', '0x12')).toBe(false)
  })
})
