/**
 * WalletConnect's key-value storage over the instance's storage (the `storage` option: localStorage by
 * default, memory with `storage: null`), so a WalletConnect session is kept, and forgotten, like the rest of
 * the SDK's state. Each entry is its own item under a prefix; an index item lists the keys, as the Web
 * Storage subset the SDK takes cannot enumerate. Every call is guarded: a blocked or full storage only means
 * the next start does not restore the session.
 * @module
 */
import type { LoginCacheStorage } from '../../core/loginCache.ts'

/** WalletConnect's `IKeyValueStorage` (`@walletconnect/keyvaluestorage`), written out to keep its import lazy. */
export type KeyValueStorage = {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

export const WALLETCONNECT_STORAGE_PREFIX = '@keyframe/walletconnect/'
const INDEX_KEY = `${WALLETCONNECT_STORAGE_PREFIX}keys`

export function createKeyValueStorage(storage: LoginCacheStorage): KeyValueStorage {
  const keys = (): string[] => {
    try {
      const value: unknown = JSON.parse(storage.getItem(INDEX_KEY) ?? '[]')
      return Array.isArray(value) ? value.filter((key) => typeof key === 'string') : []
    } catch {
      return []
    }
  }
  const writeKeys = (next: string[]) => {
    if (next.length === 0) storage.removeItem(INDEX_KEY)
    else storage.setItem(INDEX_KEY, JSON.stringify(next))
  }
  const read = <T>(key: string): T | undefined => {
    try {
      const text = storage.getItem(WALLETCONNECT_STORAGE_PREFIX + key)
      return text === null ? undefined : (JSON.parse(text) as T)
    } catch {
      return undefined
    }
  }
  return {
    getKeys: async () => keys(),
    getEntries: async <T>() =>
      keys().flatMap((key): [string, T][] => {
        const value = read<T>(key)
        return value === undefined ? [] : [[key, value]]
      }),
    getItem: async <T>(key: string) => read<T>(key),
    async setItem(key, value) {
      try {
        storage.setItem(WALLETCONNECT_STORAGE_PREFIX + key, JSON.stringify(value))
        const all = keys()
        if (!all.includes(key)) writeKeys([...all, key])
      } catch {
        // Full or blocked: the session lives in memory only (WalletConnect keeps its own copy).
      }
    },
    async removeItem(key) {
      try {
        storage.removeItem(WALLETCONNECT_STORAGE_PREFIX + key)
        writeKeys(keys().filter((k) => k !== key))
      } catch {
        // Blocked storage: nothing was kept.
      }
    },
  }
}
