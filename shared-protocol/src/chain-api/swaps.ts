/**
 * The swaps area of the chain API (spec §7 `/v1/convert/*`): the tokens that can be swapped on a chain,
 * quotes, the router's allowance, gas prices, and ready-to-sign approve and swap transactions. chain-api
 * routes swaps through the chain's Uniswap V2 deployment (a direct pair, or through the wrapped native token).
 * @module
 */
import * as z from 'zod/mini'
import { endpoint, networkId, uintString } from './endpoint.ts'

/** The placeholder address of a chain's native currency in swap asset ids (`eip155:1:0xeeee…eeee`). */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** The spec's words (§8) when the chain has no gas price source or no swaps. */
export const GAS_PRICE_UNSUPPORTED = 'Network not supported for Gas Price'
export const SWAPS_UNSUPPORTED = 'Network not supported for Swaps'

/** The default slippage tolerance, in percent (spec §9). */
export const DEFAULT_SLIPPAGE = 1

/**
 * The smallest output a swap accepts: `amountOut` less `slippage` percent, rounded down (the tolerance is
 * counted in millionths, so 0.0001 % is the finest step). chain-api builds swaps with it and the SDK shows it
 * as "minimum received", so both say the same number.
 * @example
 * minimumOut(2_988_020_943n, 1) // 2_958_140_733n
 */
export function minimumOut(amountOut: bigint, slippage: number): bigint {
  const millionths = BigInt(Math.round(slippage * 10_000))
  return (amountOut * (1_000_000n - millionths)) / 1_000_000n
}

/** A token on an EVM chain as CAIP-10: `eip155:<chain id>:<address>`; the native currency is {@link NATIVE_TOKEN_ADDRESS}. */
export const swapAsset = z
  .string()
  .check(z.regex(/^eip155:[1-9]\d{0,15}:0x[0-9a-fA-F]{40}$/, 'Invalid CAIP-10 address'))

/** The account that swaps: an address, or CAIP-10 (its chain must then be the tokens' chain). */
export const swapUser = z
  .string()
  .check(z.regex(/^(eip155:[1-9]\d{0,15}:)?0x[0-9a-fA-F]{40}$/, 'Invalid address'))

/** A base-unit amount above zero. */
const positiveAmount = uintString.check(
  z.refine((value) => /[1-9]/.test(value), 'Expected an amount greater than 0'),
)

/** A swappable token of a chain. */
export const swapToken = z.object({
  name: z.string(),
  symbol: z.string(),
  /** CAIP-10 (`eip155:31337:0x…`; the native currency at {@link NATIVE_TOKEN_ADDRESS}). */
  address: z.string(),
  decimals: z.number(),
  /** The token image served by chain-api (`/public/getTokenImage/{symbol}`). */
  logoUri: z.string(),
})
export type SwapToken = z.infer<typeof swapToken>

export const getSwapTokens = endpoint({
  method: 'get',
  path: '/v1/convert/tokens',
  summary:
    'The tokens that can be swapped on a chain: its native currency and each configured token with a pool ' +
    '(an unsupported network, or one without swaps, answers { tokens: [] })',
  auth: 'project',
  query: z.object({ chainId: networkId }),
  response: z.object({ tokens: z.array(swapToken) }),
})

/** One way to swap: `toAmount` of `toAccount` for `fromAmount` of `fromAccount` (base units), before slippage. */
export const swapQuote = z.object({
  /** Names the route: `uniswap-v2:` and the path's token addresses joined by `>`. */
  id: z.string(),
  fromAmount: z.string(),
  /** CAIP-10 of the token given. */
  fromAccount: z.string(),
  toAmount: z.string(),
  /** CAIP-10 of the token received. */
  toAccount: z.string(),
})
export type SwapQuote = z.infer<typeof swapQuote>

export const getSwapQuote = endpoint({
  method: 'get',
  path: '/v1/convert/quotes',
  summary:
    "Quotes for swapping `amount` (base units) of `from` into `to` at the router's current prices, fee " +
    'included (no route, an unsupported network or one without swaps answers { quotes: [] })',
  auth: 'project',
  query: z.object({
    amount: positiveAmount,
    userAddress: swapUser,
    from: swapAsset,
    to: swapAsset,
    /** Accepted for compatibility; quotes do not depend on it. */
    gasPrice: z.optional(uintString),
  }),
  response: z.object({ quotes: z.array(swapQuote) }),
  errors: [400],
})

export const getSwapAllowance = endpoint({
  method: 'get',
  path: '/v1/convert/allowance',
  summary:
    "How much of a token the chain's swap router may spend for the user (base units; the native currency " +
    "needs none and answers the maximum). An unsupported network answers 400 'Network not supported for Swaps'",
  auth: 'project',
  query: z.object({ tokenAddress: swapAsset, userAddress: swapUser }),
  response: z.object({ allowance: z.string() }),
  errors: [400],
})

/** Legacy gas prices in wei, slowest first. */
export const swapGasPrice = z.object({ standard: z.string(), fast: z.string(), instant: z.string() })
export type SwapGasPrice = z.infer<typeof swapGasPrice>

export const getSwapGasPrice = endpoint({
  method: 'get',
  path: '/v1/convert/gas-price',
  summary:
    "Gas prices in wei: standard = the node's eth_gasPrice, fast = +20 %, instant = +50 %. An unsupported " +
    "network answers 400 'Network not supported for Gas Price'",
  auth: 'project',
  query: z.object({ chainId: networkId }),
  response: swapGasPrice,
  errors: [400],
})

/** A transaction for the user to sign and send. */
export const swapTransaction = z.object({
  tx: z.object({
    /** The user's address. */
    from: z.string(),
    /** The called contract (the token for an approve, the router for a swap). */
    to: z.string(),
    data: z.string(),
    /** Wei, decimal. */
    value: z.string(),
    /** Gas limit and legacy gas price, decimal. */
    eip155: z.object({ gas: z.string(), gasPrice: z.string() }),
  }),
})
export type SwapTransaction = z.infer<typeof swapTransaction>

export const buildSwapApprove = endpoint({
  method: 'get',
  path: '/v1/convert/build-approve',
  summary:
    "An ERC20 approve letting the chain's swap router spend `amount` of `from` (default: unlimited). " +
    "An unsupported network or one without swaps answers 400 'Network not supported for Swaps'",
  auth: 'project',
  query: z.object({
    userAddress: swapUser,
    from: swapAsset,
    to: swapAsset,
    amount: z.optional(uintString),
  }),
  response: swapTransaction,
  errors: [400],
})

/** Slippage tolerance in percent, 0 to 50: a number, or a decimal string as the SDKs send it. */
const slippage = z
  .union([z.number(), z.string()])
  .check(
    z.refine(
      (value) =>
        (typeof value === 'number' || /^\d{1,2}(\.\d{1,4})?$/.test(value)) &&
        Number(value) >= 0 &&
        Number(value) <= 50,
      'Expected a percentage from 0 to 50',
    ),
  )

export const buildSwapTransactionBody = z.object({
  amount: positiveAmount,
  eip155: z.optional(z.object({ slippage: z.optional(slippage) })),
  /** Accepted for compatibility; the project is the query's. */
  projectId: z.optional(z.string().check(z.maxLength(128))),
  from: swapAsset,
  to: swapAsset,
  userAddress: swapUser,
  /**
   * Skip the gas estimate and the allowance check (for a swap sent right after its approve): `gas` is then a
   * fixed 300000; otherwise it is the estimate plus 50 %.
   */
  disableEstimate: z.optional(z.boolean()),
})

export const buildSwapTransaction = endpoint({
  method: 'post',
  path: '/v1/convert/build-transaction',
  summary:
    'A swap of `amount` (base units) of `from` into at least the quote less `eip155.slippage` % (default 1) ' +
    "of `to`, valid for 20 minutes. An unsupported network or one without swaps answers 400 'Network not " +
    "supported for Swaps'; a swap that would fail answers 400 swap_failed",
  auth: 'project',
  body: buildSwapTransactionBody,
  response: swapTransaction,
  errors: [400],
})
