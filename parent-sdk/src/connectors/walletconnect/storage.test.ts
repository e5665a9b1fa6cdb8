import { expect, test } from 'vitest'
import { createMemoryStorage } from '../../core/loginCache.ts'
import { createKeyValueStorage, WALLETCONNECT_STORAGE_PREFIX } from './storage.ts'

test("default: WalletConnect's entries round-trip as JSON under the SDK's prefix, listed by getKeys", async () => {
  const storage = createMemoryStorage()
  const kv = createKeyValueStorage(storage)
  await kv.setItem('wc@2:client:0.3//session', [{ topic: 'abc', expiry: 1 }])
  await kv.setItem('wc@2:core:0.3//keychain', { abc: 'key' })
  await kv.setItem('wc@2:client:0.3//session', [])
  expect(await kv.getKeys()).toEqual(['wc@2:client:0.3//session', 'wc@2:core:0.3//keychain'])
  expect(await kv.getItem('wc@2:core:0.3//keychain')).toEqual({ abc: 'key' })
  expect(await kv.getEntries()).toEqual([
    ['wc@2:client:0.3//session', []],
    ['wc@2:core:0.3//keychain', { abc: 'key' }],
  ])
  expect(storage.getItem(`${WALLETCONNECT_STORAGE_PREFIX}wc@2:core:0.3//keychain`)).toBe('{"abc":"key"}')
  // A second instance over the same storage (the next page load) reads the same.
  expect(await createKeyValueStorage(storage).getItem('wc@2:client:0.3//session')).toEqual([])
})

test('behavior: removeItem forgets the entry and its key; the last one leaves no index behind', async () => {
  const storage = createMemoryStorage()
  const kv = createKeyValueStorage(storage)
  await kv.setItem('a', 1)
  await kv.removeItem('a')
  expect(await kv.getItem('a')).toBeUndefined()
  expect(await kv.getKeys()).toEqual([])
  expect(storage.getItem(`${WALLETCONNECT_STORAGE_PREFIX}keys`)).toBeNull()
})

test('error: a blocked storage and values not ours read as nothing; writes do not throw', async () => {
  const blocked = {
    getItem: () => {
      throw new DOMException('blocked', 'SecurityError')
    },
    setItem: () => {
      throw new DOMException('full', 'QuotaExceededError')
    },
    removeItem: () => {
      throw new DOMException('blocked', 'SecurityError')
    },
  }
  const kv = createKeyValueStorage(blocked)
  await expect(kv.setItem('a', 1)).resolves.toBeUndefined()
  await expect(kv.removeItem('a')).resolves.toBeUndefined()
  expect(await kv.getKeys()).toEqual([])
  expect(await kv.getItem('a')).toBeUndefined()

  const storage = createMemoryStorage()
  storage.setItem(`${WALLETCONNECT_STORAGE_PREFIX}keys`, '{"not":"a list"}')
  storage.setItem(`${WALLETCONNECT_STORAGE_PREFIX}b`, 'not json')
  expect(await createKeyValueStorage(storage).getKeys()).toEqual([])
  expect(await createKeyValueStorage(storage).getItem('b')).toBeUndefined()
})
