import { expect, test } from 'vitest'
import {
  DeviceShareError,
  DeviceStoreError,
  InvalidMnemonicError,
  ReconstructionError,
  RecoveryBlobError,
  WalletError,
  WeakPassphraseError,
  WrongPassphraseError,
} from './errors.ts'

test('default: fixed wording, literal names, one base class', () => {
  const errors = [
    new ReconstructionError(),
    new WrongPassphraseError(),
    new WeakPassphraseError(12),
    new InvalidMnemonicError(),
    new DeviceShareError('Device share could not be decrypted: x'),
    new DeviceStoreError('Device storage failed (IndexedDB transaction)'),
    new RecoveryBlobError('Recovery blob is not an object'),
  ]
  for (const error of errors) expect(error).toBeInstanceOf(WalletError)
  expect(errors.map((error) => `${error.name}: ${error.message}`)).toMatchInlineSnapshot(`
    [
      "ReconstructionError: Key reconstruction failed: the rebuilt wallet does not match",
      "WrongPassphraseError: Wrong passphrase: the recovery share could not be decrypted",
      "WeakPassphraseError: Passphrase too short: use at least 12 characters",
      "InvalidMnemonicError: Invalid recovery phrase: expected 12 to 24 English BIP-39 words with a valid checksum",
      "DeviceShareError: Device share could not be decrypted: x",
      "DeviceStoreError: Device storage failed (IndexedDB transaction)",
      "RecoveryBlobError: Recovery blob is not an object",
    ]
  `)
  expect(new WeakPassphraseError(12).minLength).toBe(12)
})

test('behavior: cause is kept when given, absent otherwise', () => {
  const cause = new Error('inner')
  expect(new ReconstructionError({ cause }).cause).toBe(cause)
  expect('cause' in new ReconstructionError()).toBe(false)
})
