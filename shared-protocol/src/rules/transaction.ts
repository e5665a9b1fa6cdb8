/**
 * The least of a history transaction (SPEC §3) that the rules read. Real records may carry more fields.
 * @module
 */

/** NFT details of a transfer. */
export type TransactionNftInfo = {
  name?: string
  flags?: { is_spam?: boolean }
  content?: { preview?: { url?: string } }
}

/** Fungible-token details of a transfer. */
export type TransactionFungibleInfo = {
  name?: string
  symbol?: string
  /** chain-api answers null for a token without an image. */
  icon?: { url?: string } | null
}

/** One asset movement inside a transaction; it carries `nft_info` or `fungible_info`. */
export type TransactionTransfer = {
  nft_info?: TransactionNftInfo
  fungible_info?: TransactionFungibleInfo
  quantity: { numeric: string }
  symbol?: string
  icon?: string
}

/** Metadata of a transaction; `chain` is a CAIP-2 chain id and `minedAt` an ISO-8601 time. */
export type TransactionMetadata = {
  minedAt: string
  chain: string
  operationType: string
  status: string
  sentFrom: string
  sentTo: string
}

/** A history transaction (SPEC §3). */
export type Transaction = {
  id: string
  metadata: TransactionMetadata
  transfers: readonly TransactionTransfer[]
}
