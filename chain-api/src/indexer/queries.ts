/**
 * What other areas read from the index.
 * @module
 */
import type { Db } from '@keyframe/server-kit'
import { and, eq, or } from 'drizzle-orm'
import { getAddress } from 'viem'
import { idxTransfers } from './db/schema.ts'

/** The EVM chain id of an `eip155:<id>` CAIP-2 id, or undefined for anything else. */
export function evmChainId(caip2: string): number | undefined {
  const match = /^eip155:(\d{1,15})$/.exec(caip2)
  return match ? Number(match[1]) : undefined
}

/**
 * The ERC20 contracts `address` ever received or sent on the chain, as the indexer saw them (checksummed,
 * sorted); an empty list for a chain that is not `eip155` or not indexed.
 * @example
 * const extra = await tokenContractsOf(ctx.db, 'eip155:31337', '0xf39F…2266')
 */
export async function tokenContractsOf(db: Db, caip2: string, address: string): Promise<`0x${string}`[]> {
  const chainId = evmChainId(caip2)
  if (chainId === undefined) return []
  const account = address.toLowerCase()
  const rows = await db
    .selectDistinct({ contract: idxTransfers.contract })
    .from(idxTransfers)
    .where(
      and(
        eq(idxTransfers.chainId, chainId),
        eq(idxTransfers.kind, 'erc20'),
        or(eq(idxTransfers.from, account), eq(idxTransfers.to, account)),
      ),
    )
  return rows.map((row) => getAddress(row.contract)).sort()
}
