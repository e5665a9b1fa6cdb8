/**
 * Token metadata (name, symbol, decimals), read from each contract once and kept in `idx_tokens`.
 * @module
 */
import type { Db } from '@keyframe/server-kit'
import { and, eq, inArray } from 'drizzle-orm'
import { erc20Abi, type PublicClient } from 'viem'
import { idxTokens, type TokenStandard } from './db/schema.ts'

export type TokenMetadata = { name: string; symbol: string; decimals: number; standard: TokenStandard }

/** Longest name / symbol kept: contracts are untrusted and may answer anything. */
const MAX_TEXT = 100

/** One view call, or `fallback` when the contract does not answer it (not a token, bytes32 name, …). */
async function read<T>(call: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await call()
  } catch {
    return fallback
  }
}

/** Drops control characters (a contract's name reaches users' screens) and bounds the length. */
const clean = (text: string) =>
  [...text]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .slice(0, MAX_TEXT)

/** Reads a contract's metadata; what it does not answer is '' (ERC721 decimals are 0). */
export async function readTokenMetadata(
  client: PublicClient,
  address: `0x${string}`,
  standard: TokenStandard,
): Promise<TokenMetadata> {
  const [name, symbol, decimals] = await Promise.all([
    read(() => client.readContract({ address, abi: erc20Abi, functionName: 'name' }), ''),
    read(() => client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }), ''),
    standard === 'erc20'
      ? read(() => client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }), 0)
      : 0,
  ])
  return { name: clean(name), symbol: clean(symbol), decimals: decimals <= 255 ? decimals : 0, standard }
}

/** Reads and stores the metadata of the contracts in `tokens` that are not stored yet. */
export async function ensureTokens(
  db: Db,
  client: PublicClient,
  chainId: number,
  tokens: ReadonlyMap<string, TokenStandard>,
): Promise<void> {
  if (tokens.size === 0) return
  const known = await db
    .select({ address: idxTokens.address })
    .from(idxTokens)
    .where(and(eq(idxTokens.chainId, chainId), inArray(idxTokens.address, [...tokens.keys()])))
  const have = new Set(known.map((row) => row.address))
  const missing = [...tokens].filter(([address]) => !have.has(address))
  if (missing.length === 0) return
  const rows = await Promise.all(
    missing.map(async ([address, standard]) => ({
      chainId,
      address,
      ...(await readTokenMetadata(client, address as `0x${string}`, standard)),
    })),
  )
  await db.insert(idxTokens).values(rows).onConflictDoNothing()
}

/** Stored metadata of the given contracts of a chain, by lowercase address. */
export async function tokenMetadata(
  db: Db,
  chainId: number,
  addresses: readonly string[],
): Promise<Map<string, TokenMetadata>> {
  if (addresses.length === 0) return new Map()
  const rows = await db
    .select()
    .from(idxTokens)
    .where(and(eq(idxTokens.chainId, chainId), inArray(idxTokens.address, [...addresses])))
  return new Map(rows.map((row) => [row.address, row]))
}
