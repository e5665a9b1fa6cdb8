import { expect, test } from 'vitest'
import { deriveAddresses } from './accounts.ts'
import { entropyToSeed, mnemonicToEntropy } from './entropy.ts'
import { deriveEvmAccount } from './evm.ts'

test('vector: one entropy, both chains (Solana Cookbook mnemonic)', async () => {
  const entropy = mnemonicToEntropy(
    'neither lonely flavor argue grass remind eye tag avocado spot unusual intact',
  )
  const addresses = await deriveAddresses(entropy)
  expect(addresses.solanaAddress).toBe('5vftMkHL72JaJG6ExQfGAsT2uGVHpRR7oTNUPMs68Y2N')
  expect(addresses.evmAddress).toBe(deriveEvmAccount(await entropyToSeed(entropy)).address)
})

test('vector: "test … junk" gives the anvil dev account on EVM', async () => {
  const entropy = mnemonicToEntropy('test test test test test test test test test test test junk')
  expect((await deriveAddresses(entropy)).evmAddress).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
})

test('behavior: the entropy is left to the caller', async () => {
  const entropy = new Uint8Array(16).fill(7)
  await deriveAddresses(entropy)
  expect(entropy).toEqual(new Uint8Array(16).fill(7))
})

test('error: wrong entropy length', async () => {
  await expect(deriveAddresses(new Uint8Array(8))).rejects.toThrowErrorMatchingInlineSnapshot(
    `[RangeError: expected entropy of 16, 20, 24, 28 or 32 bytes, got 8 bytes]`,
  )
})
