import type { NameAccount } from '@keyframe/protocol/chain-api/names'
import type { Db } from '@keyframe/server-kit'
import { eq } from 'drizzle-orm'
import { namesAccounts, namesAddresses } from './db/schema.ts'
import { accountByLabel } from './readAccounts.ts'

export type SaveNameParameters = {
  label: string
  /** The verified signer. */
  address: `0x${string}`
  coinType: number
  attributes: Record<string, string>
  /** The registration message's timestamp. */
  signedAt: Date
  now: Date
  suffix: string
}

export type SaveNameResult = { ok: true; account: NameAccount } | { ok: false; reason: 'taken' | 'stale' }

/**
 * Registers `label` for `address`, or updates it when `address` already holds it: the attributes are replaced and
 * the coin type's address added. Refused when another address holds the name (`taken`) or when a newer message
 * was accepted for it (`stale`). One transaction, the name's row locked, so two registrations of a free name
 * never both win.
 */
export async function saveName(db: Db, p: SaveNameParameters): Promise<SaveNameResult> {
  const owner = p.address.toLowerCase()
  const refused = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(namesAccounts)
      .values({
        label: p.label,
        owner,
        attributes: p.attributes,
        registeredAt: p.now,
        updatedAt: p.now,
        signedAt: p.signedAt,
      })
      .onConflictDoNothing()
      .returning({ label: namesAccounts.label })
    if (inserted.length === 0) {
      const [row] = await tx
        .select()
        .from(namesAccounts)
        .where(eq(namesAccounts.label, p.label))
        .for('update')
      if (!row || row.owner !== owner) return 'taken' as const
      if (row.signedAt > p.signedAt) return 'stale' as const
      await tx
        .update(namesAccounts)
        .set({ attributes: p.attributes, updatedAt: p.now, signedAt: p.signedAt })
        .where(eq(namesAccounts.label, p.label))
    }
    await tx
      .insert(namesAddresses)
      .values({ label: p.label, coinType: p.coinType, address: owner, createdAt: p.now })
      .onConflictDoNothing()
    return undefined
  })
  if (refused) return { ok: false, reason: refused }
  const account = await accountByLabel(db, p.label, p.suffix)
  if (!account) throw new Error(`names: ${p.label} vanished after it was saved`)
  return { ok: true, account }
}
