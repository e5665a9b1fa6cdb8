import type { NameAccount } from '@keyframe/protocol/chain-api/names'
import type { Db } from '@keyframe/server-kit'
import { desc, eq, inArray } from 'drizzle-orm'
import { getAddress } from 'viem'
import { namesAccounts, namesAddresses } from './db/schema.ts'

/** The accounts of `labels`, in the order of `labels` (unknown ones left out). */
async function accountsOf(db: Db, labels: readonly string[], suffix: string): Promise<NameAccount[]> {
  if (labels.length === 0) return []
  const [rows, addresses] = await Promise.all([
    db
      .select()
      .from(namesAccounts)
      .where(inArray(namesAccounts.label, [...labels])),
    db
      .select()
      .from(namesAddresses)
      .where(inArray(namesAddresses.label, [...labels])),
  ])
  const byLabel = new Map(rows.map((row) => [row.label, row]))
  return labels.flatMap((label) => {
    const row = byLabel.get(label)
    if (!row) return []
    const own = addresses.filter((a) => a.label === label).sort((a, b) => a.coinType - b.coinType)
    return [
      {
        name: `${label}${suffix}`,
        registered: row.registeredAt.toISOString(),
        updated: row.updatedAt.toISOString(),
        addresses: Object.fromEntries(
          own.map((a) => [
            String(a.coinType),
            { address: getAddress(a.address), created: a.createdAt.toISOString() },
          ]),
        ),
        attributes: row.attributes,
      },
    ]
  })
}

/**
 * The registered name of `label`, or undefined.
 * @example
 * await accountByLabel(db, 'alice', '.keyframe.id') // { name: 'alice.keyframe.id', addresses: { '2147514985': … }, … }
 */
export async function accountByLabel(
  db: Db,
  label: string,
  suffix: string,
): Promise<NameAccount | undefined> {
  return (await accountsOf(db, [label], suffix))[0]
}

/** At most this many names per address in a reverse lookup. */
export const REVERSE_LOOKUP_MAX = 100

/** The names holding `address` for any coin type, most recently updated first (at most `limit`, default 100). */
export async function accountsByAddress(
  db: Db,
  address: string,
  suffix: string,
  limit = REVERSE_LOOKUP_MAX,
): Promise<NameAccount[]> {
  const rows = await db
    .selectDistinct({ label: namesAccounts.label, updatedAt: namesAccounts.updatedAt })
    .from(namesAddresses)
    .innerJoin(namesAccounts, eq(namesAccounts.label, namesAddresses.label))
    .where(eq(namesAddresses.address, address.toLowerCase()))
    .orderBy(desc(namesAccounts.updatedAt), namesAccounts.label)
    .limit(limit)
  return accountsOf(
    db,
    rows.map((r) => r.label),
    suffix,
  )
}
