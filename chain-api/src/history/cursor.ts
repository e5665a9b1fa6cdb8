/**
 * The history's page cursor: the position of the last transaction of a page (block time, chain, block,
 * position in the block), so that the next page starts right after it however many rows arrive meanwhile.
 * Opaque to callers (base64url); never an offset.
 * @module
 */

/** Where a page ended. */
export type HistoryKey = { time: number; chainId: number; blockNumber: number; txIndex: number }

/** The cursor text of `key`. */
export function encodeCursor(key: HistoryKey): string {
  return Buffer.from(`${key.time}.${key.chainId}.${key.blockNumber}.${key.txIndex}`).toString('base64url')
}

/** The key of a cursor this server gave, or undefined for anything else. */
export function decodeCursor(cursor: string): HistoryKey | undefined {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(cursor)) return undefined
  const match = /^(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.(\d{1,9})$/.exec(
    Buffer.from(cursor, 'base64url').toString(),
  )
  if (!match) return undefined
  const [time, chainId, blockNumber, txIndex] = match.slice(1).map(Number) as [number, number, number, number]
  return { time, chainId, blockNumber, txIndex }
}
