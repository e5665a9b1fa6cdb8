/**
 * The balances area of the chain API: an account's native and token balances with USD prices (spec §3 Token
 * balance, §7 `GET /v1/account/{address}/balance`), and token prices (`POST /v1/fungible/price`).
 * @module
 */
import * as z from 'zod/mini'
import { address, endpoint, networkId } from './endpoint.ts'

/** One asset the account holds (spec §3 Token balance). */
export const tokenBalance = z.object({
  name: z.string(),
  symbol: z.string(),
  /** CAIP-2 of the chain. */
  chainId: z.string(),
  /** CAIP-10 of the token contract; absent for the chain's native currency. */
  address: z.optional(z.string()),
  /** USD value of the quantity (0 when the price is unknown). */
  value: z.number(),
  /** USD price of one unit (0 when unknown). */
  price: z.number(),
  /** `decimals` of the token as a string, `numeric` the amount in token units as a decimal string. */
  quantity: z.object({ decimals: z.string(), numeric: z.string() }),
  /** The token image served by chain-api (`/public/getTokenImage/{symbol}`). */
  iconUrl: z.string(),
})
export type TokenBalance = z.infer<typeof tokenBalance>

export const getBalance = endpoint({
  method: 'get',
  path: '/v1/account/{address}/balance',
  summary:
    'Native and token balances of an account with USD prices, zero balances left out (all configured chains ' +
    'without chainId; an unsupported network answers { balances: [] }). Answers are cached for 30 s per ' +
    'account and chain; forceUpdate=true reads the chain again. A chain whose node fails is left out of an ' +
    "all-chains answer; asked for alone, it is 502 'Token Balance Unavailable'",
  auth: 'project',
  params: z.object({ address }),
  query: z.object({
    /** Only `usd`. */
    currency: z.optional(z.enum(['usd'], 'Expected usd')),
    chainId: z.optional(networkId),
    forceUpdate: z.optional(z.enum(['true', 'false'], 'Expected true or false')),
  }),
  response: z.object({ balances: z.array(tokenBalance) }),
  errors: [502],
})

/** A priced token (its address as asked). */
export const fungiblePrice = z.object({
  name: z.string(),
  symbol: z.string(),
  iconUrl: z.string(),
  /** USD. */
  price: z.number(),
  /** CAIP-10, as in the request. */
  address: z.string(),
})
export type FungiblePrice = z.infer<typeof fungiblePrice>

export const getFungiblePriceBody = z.object({
  currency: z.enum(['usd'], 'Expected usd'),
  /** CAIP-10 of tokens; `eip155:<id>:0xeeee…eeee` is the chain's native currency. */
  addresses: z
    .array(
      z
        .string()
        .check(
          z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/, 'Invalid CAIP-10 address'),
        ),
    )
    .check(z.minLength(1, 'Expected at least 1 address'), z.maxLength(100, 'Expected at most 100 addresses')),
  /** Accepted for compatibility; the project is the query's. */
  projectId: z.optional(z.string().check(z.maxLength(128))),
})

export const getFungiblePrice = endpoint({
  method: 'post',
  path: '/v1/fungible/price',
  summary:
    'USD prices of tokens (the configured price table, else derived from a Uniswap V2 pool with a priced ' +
    'token); tokens without a known price, and those of unsupported networks, are left out',
  auth: 'project',
  body: getFungiblePriceBody,
  response: z.object({ fungibles: z.array(fungiblePrice) }),
})
