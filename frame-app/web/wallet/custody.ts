/**
 * After a login is verified: makes sure this storage partition can use the account's wallet
 * (SECURITY.md §1). Three cases, decided by what the server said about the account and this device:
 *
 * - **No wallet yet** (first login): generate the entropy here, split it for this device and for recovery,
 *   keep the device share in this storage and send the server auth_d, the recovery set and the addresses,
 *   all in one request (one transaction on the server).
 * - **A wallet, no share for this device** (new browser, new dApp site, wiped storage): fetch the recovery
 *   set, open the recovery share (the person's passphrase, or as released by the operator), rebuild and
 *   check the key, re-split it for this device, store the new device share here and its auth share there.
 * - **A wallet and a share for this device**: fetch auth_d and check that the two shares rebuild the
 *   account's address.
 *
 * Every reconstruction is checked against the stored addresses; entropy and shares are zeroed after use.
 * This module is loaded on demand, after a login, with the crypto it needs; CONNECT_EMAIL prefetches it
 * and calls {@link warmUp} so the derivation after the code is not the page's first.
 * @module
 */

import type { LoginResponse } from '@keyframe/protocol/frame-api/login'
import type { RecoverySet } from '@keyframe/protocol/frame-api/vault'
import { base64urlnopad } from '@scure/base'
import type { PassphrasePrompt } from '../prompt/passphrasePrompt.ts'
import type { Api } from '../session/api.ts'
import { deriveAddresses } from './accounts.ts'
import type { Device, DeviceStore } from './deviceStore.ts'
import { generateEntropy } from './entropy.ts'
import { WrongPassphraseError } from './errors.ts'
import type { KeyMaterialCache } from './keyMaterial.ts'
import { decryptRecoveryShare, encryptRecoveryShare, type RecoveryBlob } from './recovery.ts'
import { reconstruct, splitForDevice, splitForRecovery } from './shares.ts'

export { warmUp } from './warmUp.ts'

/**
 * Asks the person for a passphrase (or, before a signature, a mailed code) in the frame's own UI (see
 * `web/prompt`).
 */
export type PassphrasePrompter = Pick<PassphrasePrompt, 'ask' | 'close'>

/** The wallet this storage can now use. */
export type UsableWallet = { walletId: string; address: string; solanaAddress: string | null }

export type SetUpWalletParameters = {
  /** What the server answered to the verified login. */
  login: Pick<LoginResponse, 'device' | 'wallet' | 'recoveryMode'>
  api: Api
  store: DeviceStore
  /** This storage's device (the one whose key the login was bound to). */
  device: Device
  /** Opens the frame's passphrase prompt (passphrase recovery mode only). */
  prompt: () => Promise<PassphrasePrompter>
  /**
   * Gets this device's auth share once the wallet checks out, so that a signature right after the login
   * needs no release from the server.
   */
  authShares?: Pick<KeyMaterialCache, 'set'>
  signal?: AbortSignal
}

const WRONG_PASSPHRASE = 'Wrong passphrase. Please try again.'

/**
 * Sets up or checks the wallet for this storage after a verified login (see the module doc).
 * @throws ReconstructionError when the shares do not rebuild the account's wallet (nothing is stored).
 * @throws UserRejectedRequestError when the person cancels the passphrase prompt.
 * @throws ProtocolError when the server refuses a step.
 */
export async function setUpWallet(parameters: SetUpWalletParameters): Promise<UsableWallet> {
  const { login, store, device } = parameters
  const wallet = login.wallet
  if (!wallet) return createWallet(parameters)
  const usable = { walletId: wallet.id, address: wallet.address, solanaAddress: wallet.solanaAddress }
  const expected = {
    evmAddress: wallet.address,
    ...(wallet.solanaAddress ? { solanaAddress: wallet.solanaAddress } : {}),
  }
  const deviceShare = login.device.hasAuthShare
    ? await store.loadDeviceShare({ walletId: wallet.id, deviceId: device.deviceId })
    : undefined
  if (!deviceShare) {
    await addThisDevice(parameters, usable, expected)
    return usable
  }
  try {
    const { body } = await parameters.api.call('releaseDeviceShare', {
      params: { deviceId: login.device.id },
      ...withSignal(parameters.signal),
    })
    const authShare = decode(body.authShare)
    try {
      ;(await reconstruct(deviceShare, authShare, expected)).fill(0)
      parameters.authShares?.set(wallet.id, authShare)
    } finally {
      authShare.fill(0)
    }
  } finally {
    deviceShare.fill(0)
  }
  return usable
}

/** First login: a new wallet, its device split and its recovery set. */
async function createWallet(parameters: SetUpWalletParameters): Promise<UsableWallet> {
  const { login, api, store, device } = parameters
  const walletId = crypto.randomUUID()
  const entropy = generateEntropy()
  const secrets: Uint8Array[] = [entropy]
  try {
    const addresses = await deriveAddresses(entropy)
    const { deviceShare, authShare } = await splitForDevice(entropy)
    const recoveryShares = await splitForRecovery(entropy)
    secrets.push(deviceShare, authShare, recoveryShares.recoveryShare, recoveryShares.authShare)

    let prompter: PassphrasePrompter | undefined
    try {
      let recovery: RecoverySet
      if (login.recoveryMode === 'operator') {
        recovery = {
          mode: 'operator',
          authShare: encode(recoveryShares.authShare),
          recoveryShare: encode(recoveryShares.recoveryShare),
        }
      } else {
        prompter = await parameters.prompt()
        const passphrase = await prompter.ask('create_passphrase', withSignal(parameters.signal))
        const recoveryBlob = await encryptRecoveryShare({
          walletId,
          share: recoveryShares.recoveryShare,
          passphrase,
        })
        recovery = { mode: 'passphrase', authShare: encode(recoveryShares.authShare), recoveryBlob }
      }
      // The device share first: if the server then refuses, it is deleted again; if the frame dies in
      // between, an unused share of a wallet that never existed is all that is left.
      await store.saveDeviceShare({ walletId, deviceId: device.deviceId, share: deviceShare })
      try {
        await api.call('registerWallet', {
          body: {
            walletId,
            address: addresses.evmAddress,
            publicKey: addresses.evmPublicKey,
            solanaAddress: addresses.solanaAddress,
            authShare: encode(authShare),
            recovery,
          },
          ...withSignal(parameters.signal),
        })
      } catch (error) {
        await store.deleteDeviceShare({ walletId })
        throw error
      }
      parameters.authShares?.set(walletId, authShare)
    } finally {
      // Whatever happened, the prompt goes away: a prompt left open would keep the parent's timers paused.
      prompter?.close()
    }
    return { walletId, address: addresses.evmAddress, solanaAddress: addresses.solanaAddress }
  } finally {
    for (const secret of secrets) secret.fill(0)
  }
}

/** A new device of an existing wallet: rebuild from the recovery set, check, re-split for this device. */
async function addThisDevice(
  parameters: SetUpWalletParameters,
  wallet: UsableWallet,
  expected: { evmAddress: string; solanaAddress?: string },
): Promise<void> {
  const { login, api, store, device, signal } = parameters
  const { body: release } = await api.call('releaseRecovery', withSignal(signal))
  const authR = decode(release.authShare)
  let prompter: PassphrasePrompter | undefined
  try {
    let entropy: Uint8Array | undefined
    if (release.mode === 'operator') {
      const recoveryShare = decode(release.recoveryShare)
      try {
        entropy = await reconstruct(recoveryShare, authR, expected)
      } finally {
        recoveryShare.fill(0)
      }
    } else {
      // Opaque to the server; decryptRecoveryShare checks every field.
      const blob = release.recoveryBlob as RecoveryBlob
      prompter = await parameters.prompt()
      let error: string | undefined
      while (!entropy) {
        const passphrase = await prompter.ask('enter_passphrase', {
          ...withSignal(signal),
          ...(error ? { error } : {}),
        })
        let recoveryShare: Uint8Array
        try {
          recoveryShare = await decryptRecoveryShare({ walletId: release.walletId, blob, passphrase })
        } catch (cause) {
          if (!(cause instanceof WrongPassphraseError)) throw cause
          error = WRONG_PASSPHRASE
          continue
        }
        try {
          entropy = await reconstruct(recoveryShare, authR, expected)
        } finally {
          recoveryShare.fill(0)
        }
      }
    }

    try {
      const { deviceShare, authShare } = await splitForDevice(entropy)
      try {
        await store.saveDeviceShare({
          walletId: wallet.walletId,
          deviceId: device.deviceId,
          share: deviceShare,
        })
        try {
          await api.call('storeDeviceShare', {
            body: { deviceId: login.device.id, authShare: encode(authShare) },
            ...withSignal(signal),
          })
        } catch (error) {
          await store.deleteDeviceShare({ walletId: wallet.walletId })
          throw error
        }
        parameters.authShares?.set(wallet.walletId, authShare)
      } finally {
        deviceShare.fill(0)
        authShare.fill(0)
      }
    } finally {
      entropy.fill(0)
    }
  } finally {
    authR.fill(0)
    prompter?.close()
  }
}

function encode(bytes: Uint8Array): string {
  return base64urlnopad.encode(bytes)
}

function decode(text: string): Uint8Array {
  return new Uint8Array(base64urlnopad.decode(text))
}

function withSignal(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal } : {}
}
