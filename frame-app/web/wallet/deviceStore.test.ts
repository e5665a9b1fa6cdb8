import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { DEVICE_SHARE_VERSION, type DeviceStore, openDeviceStore } from './deviceStore.ts'
import { DeviceShareError, DeviceStoreError } from './errors.ts'

// Node's WebCrypto CryptoKeys structured-clone into fake-indexeddb, so the real storage path (CryptoKey
// objects in IndexedDB) runs here; Chromium's own IndexedDB is exercised by the e2e suite.
let factory: IDBFactory
let store: DeviceStore
const SHARE = Uint8Array.from({ length: 17 }, (_, i) => 200 - i)

beforeEach(async () => {
  factory = new IDBFactory()
  store = await openDeviceStore(factory)
})
afterEach(() => {
  store.close()
})

/** Raw access to the database, as an attacker with the storage files (but not the browser's keys) has. */
async function raw<T>(storeName: string, body: (objects: IDBObjectStore) => IDBRequest<T> | undefined) {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open('keyframe-wallet')
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const transaction = db.transaction(storeName, 'readwrite')
      const request = body(transaction.objectStore(storeName))
      transaction.oncomplete = () => resolve(request?.result)
      transaction.onerror = () => reject(transaction.error)
    })
  } finally {
    db.close()
  }
}

type StoredShare = {
  walletId: string
  deviceId: string
  version: number
  iv: Uint8Array
  ciphertext: Uint8Array
}

describe('device identity', () => {
  test('default: none at first, then one created and kept', async () => {
    expect(await store.getDevice()).toBeUndefined()
    const device = await store.createDevice()
    expect(device.deviceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(device.publicKey).toHaveLength(65)
    expect(device.publicKey[0]).toBe(4)
    expect(Object.keys(device.publicKeyJwk).sort()).toEqual(['crv', 'kty', 'x', 'y'])
    expect(device.publicKeyJwk).toMatchObject({ kty: 'EC', crv: 'P-256' })
    expect(await store.getDevice()).toEqual(device)
    expect(await store.createDevice()).toEqual(device)
  })

  test('behavior: concurrent creation (two tabs) ends with one device', async () => {
    const other = await openDeviceStore(factory)
    try {
      const [a, b] = await Promise.all([store.createDevice(), other.createDevice()])
      expect(a).toEqual(b)
    } finally {
      other.close()
    }
  })

  test('behavior: private and wrapping keys are non-extractable CryptoKeys in IndexedDB', async () => {
    await store.createDevice()
    const record = (await raw('device', (objects) => objects.get('current'))) as {
      signingKey: CryptoKey
      wrappingKey: CryptoKey
    }
    expect(record.signingKey).toBeInstanceOf(CryptoKey)
    expect(record.signingKey).toMatchObject({ type: 'private', extractable: false, usages: ['sign'] })
    expect(record.wrappingKey).toMatchObject({ type: 'secret', extractable: false })
    await expect(crypto.subtle.exportKey('jwk', record.signingKey)).rejects.toThrow()
    await expect(crypto.subtle.exportKey('raw', record.wrappingKey)).rejects.toThrow()
  })

  test('default: signWithDevice verifies against the raw and the JWK public key', async () => {
    const device = await store.createDevice()
    const message = new TextEncoder().encode('keyframe device verification: challenge 42')
    const signature = await store.signWithDevice(message)
    expect(signature).toHaveLength(64)
    const algorithm = { name: 'ECDSA', namedCurve: 'P-256' }
    const fromRaw = await crypto.subtle.importKey('raw', new Uint8Array(device.publicKey), algorithm, true, [
      'verify',
    ])
    const fromJwk = await crypto.subtle.importKey('jwk', device.publicKeyJwk, algorithm, true, ['verify'])
    for (const key of [fromRaw, fromJwk]) {
      expect(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signature, message)).toBe(
        true,
      )
    }
  })

  test('error: signing without a device', async () => {
    await expect(store.signWithDevice(new Uint8Array(1))).rejects.toThrowErrorMatchingInlineSnapshot(
      `[DeviceStoreError: No device in this storage: call createDevice() first]`,
    )
  })
})

describe('device shares', () => {
  test('default: save, load, reopen, load again', async () => {
    const { deviceId } = await store.createDevice()
    await store.saveDeviceShare({ walletId: 'w1', deviceId, share: SHARE })
    expect(await store.loadDeviceShare({ walletId: 'w1', deviceId })).toEqual(SHARE)
    store.close()
    store = await openDeviceStore(factory)
    expect(await store.loadDeviceShare({ walletId: 'w1', deviceId })).toEqual(SHARE)
  })

  test('behavior: no share for this wallet → undefined (the session must VERIFY_DEVICE)', async () => {
    const { deviceId } = await store.createDevice()
    expect(await store.loadDeviceShare({ walletId: 'w1', deviceId })).toBeUndefined()
  })

  test('behavior: storage holds ciphertext only, with a fresh nonce per save', async () => {
    const { deviceId } = await store.createDevice()
    await store.saveDeviceShare({ walletId: 'w1', deviceId, share: SHARE })
    const first = (await raw('shares', (objects) => objects.get('w1'))) as StoredShare
    expect(first).toMatchObject({ walletId: 'w1', deviceId, version: DEVICE_SHARE_VERSION })
    expect(first.iv).toHaveLength(12)
    expect(first.ciphertext).toHaveLength(SHARE.length + 16)
    expect(Buffer.from(first.ciphertext).includes(Buffer.from(SHARE.subarray(0, 8)))).toBe(false)
    await store.saveDeviceShare({ walletId: 'w1', deviceId, share: SHARE })
    const second = (await raw('shares', (objects) => objects.get('w1'))) as StoredShare
    expect(second.iv).not.toEqual(first.iv)
  })

  test('behavior: readDeviceShare gives the ciphertext and the key handle only; openDeviceShare decrypts it', async () => {
    const { deviceId } = await store.createDevice()
    await store.saveDeviceShare({ walletId: 'w1', deviceId, share: SHARE })
    const sealed = (await store.readDeviceShare({ walletId: 'w1' }))!
    expect(sealed).toMatchObject({ walletId: 'w1', deviceId, version: DEVICE_SHARE_VERSION })
    expect(sealed.wrappingKey).toMatchObject({ extractable: false, type: 'secret' })
    expect(Buffer.from(sealed.ciphertext).includes(Buffer.from(SHARE.subarray(0, 8)))).toBe(false)
    expect(
      Object.values(sealed).some((value) => value instanceof Uint8Array && value.length === SHARE.length),
    ).toBe(false)
    expect(await store.openDeviceShare(sealed)).toEqual(SHARE)
    // The AAD still binds it: opened as another wallet's share, it does not decrypt.
    await expect(store.openDeviceShare({ ...sealed, walletId: 'w2' })).rejects.toThrow(DeviceShareError)
    expect(await store.readDeviceShare({ walletId: 'w2' })).toBeUndefined()
  })

  test('behavior: the input share is left to the caller', async () => {
    const { deviceId } = await store.createDevice()
    const share = new Uint8Array(SHARE)
    await store.saveDeviceShare({ walletId: 'w1', deviceId, share })
    expect(share).toEqual(SHARE)
  })

  test('behavior: delete one share; wipe everything', async () => {
    const { deviceId } = await store.createDevice()
    await store.saveDeviceShare({ walletId: 'w1', deviceId, share: SHARE })
    await store.saveDeviceShare({ walletId: 'w2', deviceId, share: SHARE })
    await store.deleteDeviceShare({ walletId: 'w1' })
    expect(await store.loadDeviceShare({ walletId: 'w1', deviceId })).toBeUndefined()
    expect(await store.loadDeviceShare({ walletId: 'w2', deviceId })).toEqual(SHARE)
    await store.wipe()
    expect(await store.getDevice()).toBeUndefined()
    expect(await store.loadDeviceShare({ walletId: 'w2', deviceId })).toBeUndefined()
  })

  test('error: tampered ciphertext', async () => {
    const { deviceId } = await store.createDevice()
    await store.saveDeviceShare({ walletId: 'w1', deviceId, share: SHARE })
    const record = (await raw('shares', (objects) => objects.get('w1'))) as StoredShare
    record.ciphertext[0]! ^= 1
    await raw('shares', (objects) => objects.put(record, 'w1'))
    await expect(
      store.loadDeviceShare({ walletId: 'w1', deviceId }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[DeviceShareError: Device share could not be decrypted: it was tampered with or belongs to another wallet or device]`,
    )
  })

  test('error: AAD mismatch — a share moved to another wallet, or read as another device', async () => {
    const { deviceId } = await store.createDevice()
    await store.saveDeviceShare({ walletId: 'w1', deviceId, share: SHARE })
    const record = (await raw('shares', (objects) => objects.get('w1'))) as StoredShare
    await raw('shares', (objects) => objects.put({ ...record, walletId: 'w2' }, 'w2'))
    await expect(store.loadDeviceShare({ walletId: 'w2', deviceId })).rejects.toThrow(DeviceShareError)
    await expect(store.loadDeviceShare({ walletId: 'w1', deviceId: 'another-device' })).rejects.toThrow(
      DeviceShareError,
    )
  })

  test('error: version changed', async () => {
    const { deviceId } = await store.createDevice()
    await store.saveDeviceShare({ walletId: 'w1', deviceId, share: SHARE })
    const record = (await raw('shares', (objects) => objects.get('w1'))) as StoredShare
    await raw('shares', (objects) => objects.put({ ...record, version: 2 }, 'w1'))
    await expect(
      store.loadDeviceShare({ walletId: 'w1', deviceId }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[DeviceShareError: Device share could not be decrypted: unknown record version 2]`,
    )
  })

  test('error: the wrapping key was replaced (device recreated under old shares)', async () => {
    const { deviceId } = await store.createDevice()
    await store.saveDeviceShare({ walletId: 'w1', deviceId, share: SHARE })
    const record = (await raw('shares', (objects) => objects.get('w1'))) as StoredShare
    await store.wipe()
    const next = await store.createDevice()
    await raw('shares', (objects) => objects.put({ ...record, deviceId: next.deviceId }, 'w1'))
    await expect(store.loadDeviceShare({ walletId: 'w1', deviceId: next.deviceId })).rejects.toThrow(
      DeviceShareError,
    )
  })

  test('error: the device identity is gone but a share remains', async () => {
    const { deviceId } = await store.createDevice()
    await store.saveDeviceShare({ walletId: 'w1', deviceId, share: SHARE })
    await raw('device', (objects) => objects.delete('current'))
    await expect(
      store.loadDeviceShare({ walletId: 'w1', deviceId }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[DeviceShareError: Device share could not be decrypted: its storage key is gone (wiped)]`,
    )
  })

  test('error: saving without a device, or for another device', async () => {
    await expect(store.saveDeviceShare({ walletId: 'w1', deviceId: 'd1', share: SHARE })).rejects.toThrow(
      DeviceStoreError,
    )
    const { deviceId } = await store.createDevice()
    await expect(store.saveDeviceShare({ walletId: 'w1', deviceId: 'd1', share: SHARE })).rejects.toThrow(
      `Device "d1" is not this storage's device "${deviceId}"`,
    )
  })

  test('error: bad arguments', async () => {
    const { deviceId } = await store.createDevice()
    await expect(
      store.saveDeviceShare({ walletId: '', deviceId, share: SHARE }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`[TypeError: expected a non-empty walletId]`)
    await expect(
      store.saveDeviceShare({ walletId: 'w1', deviceId, share: new Uint8Array(0) }),
    ).rejects.toThrow(TypeError)
    await expect(store.loadDeviceShare({ walletId: 'w1', deviceId: '' })).rejects.toThrow(TypeError)
  })
})

describe('openDeviceStore', () => {
  test('parameters: name keeps databases apart', async () => {
    const other = await openDeviceStore(factory, { name: 'other' })
    try {
      await store.createDevice()
      expect(await other.getDevice()).toBeUndefined()
    } finally {
      other.close()
    }
  })

  test('error: IndexedDB unavailable', async () => {
    const broken = {
      open() {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
    } as unknown as IDBFactory
    await expect(openDeviceStore(broken)).rejects.toThrowErrorMatchingInlineSnapshot(
      `[DeviceStoreError: Device storage is unavailable (IndexedDB could not be opened)]`,
    )
  })
})
