import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider'

/**
 * An in-memory store for one oidc-provider instance (oidc-provider's own memory adapter is one store for the
 * whole process, shared by every issuer). `clients` answers the `Client` model: the stand-in's client whose
 * redirect URIs grow as `allowRedirectUri` is called (oidc-provider caches a client by its metadata, so a
 * changed list is a new client).
 */
export function memoryAdapter(clients: (id: string) => AdapterPayload | undefined): AdapterFactory {
  type Entry = { payload: AdapterPayload; expiresAt: number }
  const entries = new Map<string, Entry>()
  const key = (model: string, id: string) => `${model}:${id}`
  const live = (entry: Entry | undefined) =>
    entry && entry.expiresAt > Date.now() ? entry.payload : undefined

  return (model: string): Adapter => {
    const findBy = (field: 'uid' | 'userCode', value: string) => {
      for (const [k, entry] of entries)
        if (k.startsWith(`${model}:`) && entry.payload[field] === value) return live(entry)
      return undefined
    }
    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn === undefined ? Number.POSITIVE_INFINITY : Date.now() + expiresIn * 1000
        entries.set(key(model, id), { payload, expiresAt })
        // A long dev session or test run makes many: drop the expired ones now and then.
        if (entries.size % 500 === 0)
          for (const [k, entry] of entries) if (entry.expiresAt <= Date.now()) entries.delete(k)
      },
      async find(id) {
        return model === 'Client' ? clients(id) : live(entries.get(key(model, id)))
      },
      async findByUid(uid) {
        return findBy('uid', uid)
      },
      async findByUserCode(userCode) {
        return findBy('userCode', userCode)
      },
      async consume(id) {
        const entry = entries.get(key(model, id))
        if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000)
      },
      async destroy(id) {
        entries.delete(key(model, id))
      },
      async revokeByGrantId(grantId) {
        for (const [k, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(k)
      },
    }
  }
}
