/**
 * This browser's device: its identity and its device shares, in the frame origin's IndexedDB (browsers
 * partition it by top-level site, so each dApp site the frame is embedded in is a device of its own).
 *
 * - Device identity: an ECDSA P-256 key pair whose private key is non-extractable; the public key (raw,
 *   65 bytes, and JWK) identifies the device to the server, and {@link DeviceStore.signWithDevice} proves
 *   possession (device verification binds the e-mail code to it).
 * - Device shares: AES-256-GCM under a non-extractable wrapping key kept beside them. CryptoKeys are
 *   structured-clonable, so IndexedDB stores the key object itself and script can never read its bytes.
 *   The AAD binds the wallet id, the device id and the record version, so a share moved to another wallet
 *   or device record, or rewritten with another version, fails to decrypt.
 *
 * What this protects against: a database dump, another origin, and anything reading raw storage files
 * without the browser's key handling. Script running on the frame origin can still *use* the keys;
 * that origin is what the frame's CSP and message guard protect.
 * @module
 */
import { DeviceShareError, DeviceStoreError } from './errors.ts'

/** The record format this code writes and accepts; part of every share's AAD. */
export const DEVICE_SHARE_VERSION = 1

const DEFAULT_NAME = 'keyframe-wallet'
const DEVICE = 'device'
const SHARES = 'shares'
const CURRENT = 'current'

/** This browser's device as the server sees it. */
export type Device = {
  /** Random UUID chosen by this browser when the device was created. */
  deviceId: string
  /** Raw uncompressed P-256 public key (65 bytes, `0x04 || x || y`). */
  publicKey: Uint8Array
  /** The same public key as a JWK (`kty: 'EC'`, `crv: 'P-256'`, `x`, `y`). */
  publicKeyJwk: JsonWebKey
  /** `Date.now()` at creation. */
  createdAt: number
}

/** The device store of one IndexedDB database. Every method throws `DeviceStoreError` on IndexedDB failure. */
export type DeviceStore = {
  /** This storage's device, or undefined when none was created (or it was wiped). */
  getDevice(): Promise<Device | undefined>
  /**
   * Creates this storage's device identity (key pair, wrapping key, id). If one exists already (another
   * tab got there first), returns it unchanged: one storage, one device.
   */
  createDevice(): Promise<Device>
  /**
   * Signs `message` with the device key (ECDSA P-256, SHA-256), for the server to check against
   * {@link Device.publicKey}. Returns the 64-byte `r || s` signature.
   * @throws DeviceStoreError when no device exists.
   */
  signWithDevice(message: Uint8Array): Promise<Uint8Array<ArrayBuffer>>
  /**
   * Encrypts and stores the device share of `walletId`, replacing any previous one.
   * @throws DeviceStoreError when no device exists or `deviceId` is not this storage's device.
   * @throws TypeError when `walletId` or `deviceId` is empty or `share` is not bytes.
   */
  saveDeviceShare(parameters: { walletId: string; deviceId: string; share: Uint8Array }): Promise<void>
  /**
   * The device share of `walletId`, decrypted, or undefined when this storage holds none (then the
   * session must VERIFY_DEVICE). The caller zeroes the returned buffer after use.
   * @throws DeviceShareError when the record does not decrypt under (`walletId`, `deviceId`, version):
   *   tampered, moved, of another device, of an unknown version, or its wrapping key is gone.
   * @throws TypeError when `walletId` or `deviceId` is empty.
   */
  loadDeviceShare(parameters: {
    walletId: string
    deviceId: string
  }): Promise<Uint8Array<ArrayBuffer> | undefined>
  /**
   * The device share of `walletId` as stored, still encrypted, with the handle of this device's
   * non-extractable wrapping key: one readonly transaction, nothing decrypted. Read it while a signature
   * waits for approval; decrypt it with {@link DeviceStore.openDeviceShare} only once approved.
   * Undefined when this storage holds no device share of `walletId`.
   * @throws DeviceShareError when the share is there but its wrapping key is gone (wiped).
   */
  readDeviceShare(parameters: { walletId: string }): Promise<SealedDeviceShare | undefined>
  /**
   * Decrypts a share read by {@link DeviceStore.readDeviceShare} (no IndexedDB access). The caller zeroes
   * the returned buffer after use.
   * @throws DeviceShareError as {@link DeviceStore.loadDeviceShare}.
   */
  openDeviceShare(sealed: SealedDeviceShare): Promise<Uint8Array<ArrayBuffer>>
  /** Deletes the device share of `walletId` (logout, or the server revoked this device). */
  deleteDeviceShare(parameters: { walletId: string }): Promise<void>
  /** Deletes the device identity and every device share in this storage. */
  wipe(): Promise<void>
  /** Closes the database connection; the store is unusable afterwards. */
  close(): void
}

/** A device share as stored: AES-GCM ciphertext, and the handle (never the bytes) of the key it is under. */
export type SealedDeviceShare = {
  walletId: string
  /** This storage's device, whose id the share's AAD binds. */
  deviceId: string
  version: number
  iv: Uint8Array<ArrayBuffer>
  ciphertext: Uint8Array<ArrayBuffer>
  wrappingKey: CryptoKey
}

type DeviceRecord = {
  deviceId: string
  createdAt: number
  signingKey: CryptoKey
  publicKey: Uint8Array
  publicKeyJwk: JsonWebKey
  wrappingKey: CryptoKey
}

type ShareRecord = {
  walletId: string
  deviceId: string
  version: number
  iv: Uint8Array<ArrayBuffer>
  ciphertext: Uint8Array<ArrayBuffer>
}

/**
 * Opens (creating on first use) the device store in `indexedDB`.
 * @param indexedDB The frame window's `indexedDB` (injected so tests can pass `fake-indexeddb`).
 * @param options.name Database name, `'keyframe-wallet'` by default.
 * @throws DeviceStoreError when the database cannot be opened (storage disabled, blocked, quota).
 * @example
 * ```ts
 * import { openDeviceStore } from './deviceStore.ts'
 * const store = await openDeviceStore(indexedDB)
 * const device = (await store.getDevice()) ?? (await store.createDevice())
 * await store.saveDeviceShare({ walletId, deviceId: device.deviceId, share: deviceShare })
 * ```
 */
export async function openDeviceStore(
  indexedDB: IDBFactory,
  options: { name?: string } = {},
): Promise<DeviceStore> {
  const db = await openDatabase(indexedDB, options.name ?? DEFAULT_NAME)

  const readDevice = () =>
    run<DeviceRecord | undefined>(db, [DEVICE], 'readonly', (t, done) => {
      const request = t.objectStore(DEVICE).get(CURRENT)
      request.onsuccess = () => done(request.result as DeviceRecord | undefined)
    })

  const requireDevice = async (): Promise<DeviceRecord> => {
    const record = await readDevice()
    if (!record) throw new DeviceStoreError('No device in this storage: call createDevice() first')
    return record
  }

  const store: DeviceStore = {
    async getDevice() {
      const record = await readDevice()
      return record && toDevice(record)
    },

    async createDevice() {
      const fresh = await newDeviceRecord()
      // Check and write in one readwrite transaction: two tabs cannot both create a device.
      const record = await run<DeviceRecord>(db, [DEVICE], 'readwrite', (t, done) => {
        const store = t.objectStore(DEVICE)
        const request = store.get(CURRENT)
        request.onsuccess = () => {
          const existing = request.result as DeviceRecord | undefined
          if (existing) return done(existing)
          store.put(fresh, CURRENT)
          done(fresh)
        }
      })
      return toDevice(record)
    },

    async signWithDevice(message) {
      const { signingKey } = await requireDevice()
      const signature = await crypto.subtle.sign(
        { name: 'ECDSA', hash: 'SHA-256' },
        signingKey,
        new Uint8Array(message),
      )
      return new Uint8Array(signature)
    },

    async saveDeviceShare({ walletId, deviceId, share }) {
      checkIds(walletId, deviceId)
      if (!(share instanceof Uint8Array) || share.length === 0)
        throw new TypeError('expected the device share as non-empty bytes')
      const device = await requireDevice()
      if (device.deviceId !== deviceId)
        throw new DeviceStoreError(`Device "${deviceId}" is not this storage's device "${device.deviceId}"`)

      const iv = crypto.getRandomValues(new Uint8Array(12))
      const plaintext = new Uint8Array(share)
      let ciphertext: ArrayBuffer
      try {
        ciphertext = await crypto.subtle.encrypt(
          { name: 'AES-GCM', iv, additionalData: shareAad(walletId, deviceId, DEVICE_SHARE_VERSION) },
          device.wrappingKey,
          plaintext,
        )
      } finally {
        plaintext.fill(0)
      }
      const record: ShareRecord = {
        walletId,
        deviceId,
        version: DEVICE_SHARE_VERSION,
        iv,
        ciphertext: new Uint8Array(ciphertext),
      }
      await run<void>(db, [SHARES], 'readwrite', (t, done) => {
        t.objectStore(SHARES).put(record, walletId)
        done()
      })
    },

    async loadDeviceShare({ walletId, deviceId }) {
      checkIds(walletId, deviceId)
      const sealed = await store.readDeviceShare({ walletId })
      return sealed && store.openDeviceShare({ ...sealed, deviceId })
    },

    async readDeviceShare({ walletId }) {
      if (typeof walletId !== 'string' || walletId === '')
        throw new TypeError('expected a non-empty walletId')
      const [record, device] = await run<[ShareRecord | undefined, DeviceRecord | undefined]>(
        db,
        [SHARES, DEVICE],
        'readonly',
        (t, done) => {
          const share = t.objectStore(SHARES).get(walletId)
          const device = t.objectStore(DEVICE).get(CURRENT)
          device.onsuccess = () =>
            done([share.result as ShareRecord | undefined, device.result as DeviceRecord | undefined])
        },
      )
      if (!record) return undefined
      if (!device)
        throw new DeviceShareError('Device share could not be decrypted: its storage key is gone (wiped)')
      const { version, iv, ciphertext } = record
      return { walletId, deviceId: device.deviceId, version, iv, ciphertext, wrappingKey: device.wrappingKey }
    },

    async openDeviceShare({ walletId, deviceId, version, iv, ciphertext, wrappingKey }) {
      checkIds(walletId, deviceId)
      if (version !== DEVICE_SHARE_VERSION)
        throw new DeviceShareError(
          `Device share could not be decrypted: unknown record version ${String(version)}`,
        )
      try {
        const plaintext = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv, additionalData: shareAad(walletId, deviceId, version) },
          wrappingKey,
          ciphertext,
        )
        return new Uint8Array(plaintext)
      } catch (cause) {
        throw new DeviceShareError(
          'Device share could not be decrypted: it was tampered with or belongs to another wallet or device',
          { cause },
        )
      }
    },

    async deleteDeviceShare({ walletId }) {
      await run<void>(db, [SHARES], 'readwrite', (t, done) => {
        t.objectStore(SHARES).delete(walletId)
        done()
      })
    },

    async wipe() {
      await run<void>(db, [DEVICE, SHARES], 'readwrite', (t, done) => {
        t.objectStore(DEVICE).clear()
        t.objectStore(SHARES).clear()
        done()
      })
    },

    close() {
      db.close()
    },
  }
  return store
}

/** The additional authenticated data of a device share: an unambiguous encoding of what it belongs to. */
function shareAad(walletId: string, deviceId: string, version: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify(['keyframe/device-share', version, walletId, deviceId]))
}

async function newDeviceRecord(): Promise<DeviceRecord> {
  const signing = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ])
  const wrappingKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ])
  // Only the public half is exportable (WebCrypto always allows that); the private key is not.
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', signing.publicKey))
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', signing.publicKey)
  return {
    deviceId: crypto.randomUUID(),
    createdAt: Date.now(),
    signingKey: signing.privateKey,
    publicKey,
    publicKeyJwk: { kty, crv, x, y },
    wrappingKey,
  }
}

function toDevice(record: DeviceRecord): Device {
  return {
    deviceId: record.deviceId,
    publicKey: new Uint8Array(record.publicKey),
    publicKeyJwk: { ...record.publicKeyJwk },
    createdAt: record.createdAt,
  }
}

function checkIds(walletId: string, deviceId: string): void {
  if (typeof walletId !== 'string' || walletId === '') throw new TypeError('expected a non-empty walletId')
  if (typeof deviceId !== 'string' || deviceId === '') throw new TypeError('expected a non-empty deviceId')
}

function openDatabase(indexedDB: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest
    try {
      request = indexedDB.open(name, 1)
    } catch (cause) {
      reject(new DeviceStoreError('Device storage is unavailable (IndexedDB could not be opened)', { cause }))
      return
    }
    request.onupgradeneeded = () => {
      const db = request.result
      if (!db.objectStoreNames.contains(DEVICE)) db.createObjectStore(DEVICE)
      if (!db.objectStoreNames.contains(SHARES)) db.createObjectStore(SHARES)
    }
    request.onsuccess = () => {
      const db = request.result
      // Let a future version (another tab) upgrade instead of being blocked by this connection.
      db.onversionchange = () => db.close()
      resolve(db)
    }
    request.onerror = () =>
      reject(
        new DeviceStoreError('Device storage is unavailable (IndexedDB could not be opened)', {
          cause: request.error,
        }),
      )
    request.onblocked = () =>
      reject(new DeviceStoreError('Device storage is blocked by another tab of this frame'))
  })
}

/**
 * One IndexedDB transaction. `body` issues requests and calls `done(value)` with the result; the promise
 * settles when the transaction commits (so a resolved write is durable) or aborts.
 */
function run<T>(
  db: IDBDatabase,
  stores: string[],
  mode: IDBTransactionMode,
  body: (transaction: IDBTransaction, done: (value: T) => void) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let transaction: IDBTransaction
    try {
      transaction = db.transaction(stores, mode)
    } catch (cause) {
      reject(new DeviceStoreError('Device storage failed (IndexedDB transaction)', { cause }))
      return
    }
    let value: T
    transaction.oncomplete = () => resolve(value)
    const fail = () =>
      reject(
        new DeviceStoreError('Device storage failed (IndexedDB transaction)', { cause: transaction.error }),
      )
    transaction.onerror = fail
    transaction.onabort = fail
    body(transaction, (result) => {
      value = result
    })
  })
}
