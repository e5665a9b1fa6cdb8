/**
 * The history area of the chain API: an account's transactions as the indexer saw them (spec §3
 * Transaction, §7 `GET /v1/account/{account}/history`).
 * @module
 */
import * as z from 'zod/mini'
import { endpoint, networkId } from './endpoint.ts'

/** What a transaction was for the account whose history it is in. */
export const OPERATION_TYPES = ['send', 'receive', 'mint', 'burn', 'approve', 'trade', 'execute'] as const
export type OperationType = (typeof OPERATION_TYPES)[number]

/** The spec's words when the path has no account. */
export const NO_ACCOUNT_MESSAGE = "Transactions can't be fetched without an accountAddress"

/** The history's account: an EVM address (the indexer follows eip155 chains only). */
export const historyAccount = z
  .string()
  .check(z.minLength(1, NO_ACCOUNT_MESSAGE), z.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'))

/** A fungible asset moved by a transfer (the chain's native currency or an ERC20). */
export const historyFungibleInfo = z.object({
  name: z.string(),
  symbol: z.string(),
  /** The token image served by chain-api (`/public/getTokenImage/{symbol}`); null when it has no symbol. */
  icon: z.nullable(z.object({ url: z.string() })),
})

/** An ERC721 token moved by a transfer. */
export const historyNftInfo = z.object({
  /** `<collection name> #<token id>`. */
  name: z.string(),
  /** `is_spam`: the contract is in chain-api's spam list. */
  flags: z.object({ is_spam: z.boolean() }),
  /** A generated preview image (`/public/getAssetImage/{id}`). */
  content: z.object({ preview: z.object({ url: z.string() }) }),
})

/** One movement of an asset to or from the account (transfers between other parties are left out). */
export const historyTransfer = z.object({
  fungible_info: z.optional(historyFungibleInfo),
  nft_info: z.optional(historyNftInfo),
  /** `self` when the account sent it to itself. */
  direction: z.enum(['in', 'out', 'self']),
  /** Amount in token units as a decimal string (`'1.5'`; `'1'` for an NFT). */
  quantity: z.object({ numeric: z.string() }),
  /** USD value of the quantity at today's price, when chain-api has a price for the asset. */
  value: z.optional(z.number()),
  /** Today's USD price of one unit, when known. */
  price: z.optional(z.number()),
})

/** One transaction of the account. */
export const historyTransaction = z.object({
  /** `<caip2>:<hash>`: unique across chains. */
  id: z.string(),
  metadata: z.object({
    operationType: z.enum(OPERATION_TYPES),
    hash: z.string(),
    /** ISO-8601 time of the block. */
    minedAt: z.string(),
    sentFrom: z.string(),
    /** The called address; the created contract for a deployment. */
    sentTo: z.string(),
    status: z.enum(['confirmed', 'failed']),
    nonce: z.number(),
    /** CAIP-2 of the chain. */
    chain: z.string(),
  }),
  transfers: z.array(historyTransfer),
})
export type HistoryTransaction = z.infer<typeof historyTransaction>

/** A page of history, newest first; `next` is the opaque cursor of the following page. */
export const historyPage = z.object({ data: z.array(historyTransaction), next: z.nullable(z.string()) })
export type HistoryPage = z.infer<typeof historyPage>

/** The empty answer (an unsupported network, or nothing indexed yet). */
export const EMPTY_HISTORY: HistoryPage = { data: [], next: null }

export const getHistory = endpoint({
  method: 'get',
  path: '/v1/account/{address}/history',
  summary:
    'Transaction history of an account, newest first, 50 per page (all configured chains without chainId; ' +
    'an unsupported network answers { data: [], next: null }; with onramp, only on-ramp purchases)',
  auth: 'project',
  params: z.object({ address: historyAccount }),
  query: z.object({
    chainId: z.optional(networkId),
    /** `next` of the previous page. */
    cursor: z.optional(z.string().check(z.maxLength(256))),
    /** Any value: only the transactions the on-ramp (the dev sandbox provider) sent to the account. */
    onramp: z.optional(z.string().check(z.maxLength(64))),
    /** Accepted for compatibility; answers always come from the index. */
    cache: z.optional(z.string().check(z.maxLength(64))),
  }),
  response: historyPage,
})
