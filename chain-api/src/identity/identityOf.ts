import type { Identity } from '@keyframe/protocol/chain-api/names'
import type { Db } from '@keyframe/server-kit'
import { accountsByAddress } from '../names/readAccounts.ts'

/**
 * The identity of an address: the full name it holds (the most recently registered or updated, if several) and
 * that name's `avatar` attribute. Nulls when the address holds no name.
 * @example
 * await identityOf(db, '0xf39F…', '.keyframe.id') // { name: 'alice.keyframe.id', avatar: 'https://…' }
 */
export async function identityOf(db: Db, address: string, suffix: string): Promise<Identity> {
  const [account] = await accountsByAddress(db, address, suffix, 1)
  return { name: account?.name ?? null, avatar: account?.attributes.avatar ?? null }
}
