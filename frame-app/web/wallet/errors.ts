/**
 * Errors of the key-holding core that a caller must handle at run time. Misuse (a wrong byte length, a
 * malformed path) throws the built-in `TypeError` / `RangeError` instead, as noble does. Messages never
 * contain key material: no entropy, share, seed, key or passphrase is ever quoted.
 * @module
 */

/** Base of every error the wallet core throws on purpose. */
export class WalletError extends Error {
  override name = 'WalletError'
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
  }
}

/**
 * Two shares were combined and the wallet they rebuild is not the stored one (a corrupted, swapped or
 * mismatched share, or shares of different splits). The operation must abort: nothing was signed.
 */
export class ReconstructionError extends WalletError {
  override name = 'ReconstructionError'
  constructor(options: { cause?: unknown } = {}) {
    super('Key reconstruction failed: the rebuilt wallet does not match', options)
  }
}

/**
 * The device share in this browser's storage could not be decrypted: it was tampered with, moved to
 * another wallet or device, written by an unknown version, or its storage key was replaced.
 */
export class DeviceShareError extends WalletError {
  override name = 'DeviceShareError'
}

/** IndexedDB failed, or the device store was used out of order (e.g. saving a share with no device). */
export class DeviceStoreError extends WalletError {
  override name = 'DeviceStoreError'
}

/** The passphrase does not decrypt the recovery share (or the blob's ciphertext was altered). */
export class WrongPassphraseError extends WalletError {
  override name = 'WrongPassphraseError'
  constructor(options: { cause?: unknown } = {}) {
    super('Wrong passphrase: the recovery share could not be decrypted', options)
  }
}

/** A passphrase below the minimum length; the recovery share would be open to offline guessing. */
export class WeakPassphraseError extends WalletError {
  override name = 'WeakPassphraseError'
  readonly minLength: number
  constructor(minLength: number) {
    super(`Passphrase too short: use at least ${minLength} characters`)
    this.minLength = minLength
  }
}

/** A recovery blob that is malformed, of an unknown version, or asks for out-of-bounds scrypt costs. */
export class RecoveryBlobError extends WalletError {
  override name = 'RecoveryBlobError'
}

/** A mnemonic that is not valid BIP-39 English (unknown word, wrong word count or checksum). */
export class InvalidMnemonicError extends WalletError {
  override name = 'InvalidMnemonicError'
  constructor() {
    super('Invalid recovery phrase: expected 12 to 24 English BIP-39 words with a valid checksum')
  }
}
