/**
 * The connector that connected last in each namespace (SPEC §3 "active connector id per namespace", §4
 * restore on start), kept in the instance's storage under `@keyframe/connected_connector` as
 * `{ "eip155": "injected:io.metamask" }`. On start it says which connection to restore: an injected
 * wallet's, or the embedded wallet's ('embedded', whose session the login cache describes). Read before
 * `open()`, so it stays tiny; every storage call is guarded, as in the login cache.
 * @module
 */
import type { ChainNamespace } from '@keyframe/protocol/core'
import type { LoginCacheStorage } from './loginCache.ts'

export const CONNECTED_CONNECTOR_KEY = '@keyframe/connected_connector'

function read(storage: LoginCacheStorage): Partial<Record<ChainNamespace, string>> {
  try {
    const value: unknown = JSON.parse(storage.getItem(CONNECTED_CONNECTOR_KEY) ?? '{}')
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}
  } catch {
    // Blocked storage or a value that is not ours: nothing to restore.
    return {}
  }
}

function write(storage: LoginCacheStorage, ids: Partial<Record<ChainNamespace, string>>) {
  try {
    if (Object.keys(ids).length === 0) storage.removeItem(CONNECTED_CONNECTOR_KEY)
    else storage.setItem(CONNECTED_CONNECTOR_KEY, JSON.stringify(ids))
  } catch {
    // A full or blocked storage only means the next start does not restore this connection.
  }
}

/** The id of the connector that connected last in `namespace`, if one is stored. */
export function readConnectedConnector(storage: LoginCacheStorage, namespace: ChainNamespace) {
  const id = read(storage)[namespace]
  return typeof id === 'string' && id !== '' ? id : undefined
}

/** Remembers `id` as the connector that connected last in `namespace`. */
export function saveConnectedConnector(storage: LoginCacheStorage, namespace: ChainNamespace, id: string) {
  const ids = read(storage)
  if (ids[namespace] !== id) write(storage, { ...ids, [namespace]: id })
}

/** Forgets `namespace`'s connector, only if it is still `id` (a newer connector's entry stays). */
export function removeConnectedConnector(storage: LoginCacheStorage, namespace: ChainNamespace, id: string) {
  const ids = read(storage)
  if (ids[namespace] !== id) return
  delete ids[namespace]
  write(storage, ids)
}
