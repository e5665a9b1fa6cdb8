import { isAddress } from 'viem'
import { expect, test } from 'vitest'
import { decodeBase58, isSolanaAddress, RECEIVER_ERRORS, receiverAddressError } from './sendAddress.ts'

const CHECKSUMMED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The System Program and a wallet key: base58 of 32 bytes. */
const SOLANA = ['11111111111111111111111111111111', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM']

test('behavior: eip155 — a checksummed or all-lowercase address is fine; a wrong checksum and other shapes are not', () => {
  expect(receiverAddressError(CHECKSUMMED, 'eip155', isAddress)).toBeUndefined()
  expect(receiverAddressError(CHECKSUMMED.toLowerCase(), 'eip155', isAddress)).toBeUndefined()
  // 'C' → 'c' in 'C51812': mixed case whose checksum no longer matches.
  expect(receiverAddressError(CHECKSUMMED.replace('C5', 'c5'), 'eip155', isAddress)).toBe(
    RECEIVER_ERRORS.checksum,
  )
  for (const shape of [
    '0x1234',
    `${CHECKSUMMED}00`,
    CHECKSUMMED.slice(2),
    `0x${'g'.repeat(40)}`,
    SOLANA[1]!,
  ]) {
    expect(receiverAddressError(shape, 'eip155', isAddress)).toBe(RECEIVER_ERRORS.eip155)
  }
  expect(receiverAddressError('', 'eip155', isAddress)).toBe(RECEIVER_ERRORS.missing)
  // Before viem's check has loaded, nothing passes on eip155.
  expect(receiverAddressError(CHECKSUMMED, 'eip155', undefined)).toBe(RECEIVER_ERRORS.checking)
})

test('behavior: solana — a base58 key of 32 bytes; other lengths, an EVM address or a non-base58 letter are not', () => {
  for (const key of SOLANA) expect(receiverAddressError(key, 'solana', isAddress)).toBeUndefined()
  expect(decodeBase58(SOLANA[0]!)).toEqual(new Uint8Array(32))
  // 'z' × 44 is more than 32 bytes; '1' × 31 fewer; '0', 'O', 'I' and 'l' are not base58.
  for (const bad of ['z'.repeat(44), '1'.repeat(31), `${SOLANA[1]!.slice(0, -1)}0`, CHECKSUMMED]) {
    expect(isSolanaAddress(bad)).toBe(false)
    expect(receiverAddressError(bad, 'solana', isAddress)).toBe(RECEIVER_ERRORS.solana)
  }
  expect(receiverAddressError(CHECKSUMMED, 'polkadot', isAddress)).toBe(RECEIVER_ERRORS.namespace)
})
