/**
 * On-ramp quotes: from what the user pays (fees included) to what arrives. The provider fee follows `fee.ts`,
 * the network fee is the transfer's gas at the chain's current gas price, and the rest buys the asset at its
 * configured USD price (converted with `fiat.ts`). Amounts are exact integers (cents, base units).
 * @module
 */
import { randomUUID } from 'node:crypto'
import type { OnrampQuote } from '@keyframe/protocol/chain-api/onramp'
import { DEFAULT_ONRAMP_LIMITS } from '@keyframe/protocol/core'
import { fail } from '@keyframe/server-kit'
import { formatUnits } from 'viem'
import type { ChainApiContext } from '../context.ts'
import { nativePriceUsd, type PurchaseAsset, priceUsdOf } from './assets.ts'
import { providerFeeCents } from './fee.ts'
import { type FiatCurrency, formatCents, usdPerUnit } from './fiat.ts'

/** Purchased amounts are cut to this many decimals, so that what a quote shows is exactly what is sent. */
export const PURCHASE_DISPLAY_DECIMALS = 8
/** Gas of the transfer that delivers the asset: a plain send, or an ERC20 `transfer`. */
export const DELIVERY_GAS = { native: 21_000n, erc20: 65_000n } as const

export type PaymentMethod = keyof typeof DEFAULT_ONRAMP_LIMITS

export type PriceQuoteParameters = {
  /** What the user pays, fees included. */
  totalCents: bigint
  currency: FiatCurrency
  /** USD per unit of the asset. */
  assetPriceUsd: number
  decimals: number
  /** The delivery's gas cost in USD. */
  networkFeeUsd: number
}

export type PricedQuote = {
  totalCents: bigint
  feeCents: bigint
  networkFeeCents: bigint
  subtotalCents: bigint
  /** What arrives, in base units. */
  purchaseUnits: bigint
}

/** Refuses (400, the limit in the message) a payment outside the method's limits. */
export function checkLimits(totalCents: bigint, currency: FiatCurrency, method: PaymentMethod): void {
  const { min, max } = DEFAULT_ONRAMP_LIMITS[method]
  if (totalCents < BigInt(min) * 100n || totalCents > BigInt(max) * 100n)
    fail(
      400,
      'amount_out_of_range',
      `Amount must be between ${min} and ${max} ${currency} for ${method} payments`,
    )
}

/**
 * Splits a payment into fees and what buys the asset.
 * @throws HTTPException 400 when the fees take the whole payment, or the price is zero.
 */
export function priceQuote(p: PriceQuoteParameters): PricedQuote {
  const feeCents = providerFeeCents(p.totalCents)
  const networkFeeCents = BigInt(Math.ceil((p.networkFeeUsd / usdPerUnit(p.currency)) * 100))
  const subtotalCents = p.totalCents - feeCents - networkFeeCents
  if (subtotalCents <= 0n) fail(400, 'amount_out_of_range', 'Amount does not cover the fees')
  // units = subtotal × (USD per currency unit) / (USD per asset unit), with both rates as integers of
  // millionths so that the division happens once, on integers.
  const priceMicros = BigInt(Math.round(p.assetPriceUsd * 1e6))
  const rateMicros = BigInt(Math.round(usdPerUnit(p.currency) * 1e6))
  if (priceMicros <= 0n) fail(400, 'no_price', 'The asset has no price')
  const exact = (subtotalCents * 10n ** BigInt(p.decimals) * rateMicros) / (100n * priceMicros)
  const cut = 10n ** BigInt(Math.max(0, p.decimals - PURCHASE_DISPLAY_DECIMALS))
  return {
    totalCents: p.totalCents,
    feeCents,
    networkFeeCents,
    subtotalCents,
    purchaseUnits: exact - (exact % cut),
  }
}

/** The answer of `/v1/onramp/quote` for a priced quote. */
export function quoteAnswer(
  q: PricedQuote,
  currency: FiatCurrency,
  asset: Pick<PurchaseAsset, 'symbol' | 'decimals'>,
): OnrampQuote {
  const fiat = (cents: bigint) => ({ value: formatCents(cents), currency })
  return {
    paymentTotal: fiat(q.totalCents),
    paymentSubtotal: fiat(q.subtotalCents),
    purchaseAmount: { value: formatUnits(q.purchaseUnits, asset.decimals), currency: asset.symbol },
    coinbaseFee: fiat(q.feeCents),
    networkFee: fiat(q.networkFeeCents),
    quoteId: randomUUID(),
  }
}

/** The configured USD price of `asset`, or 400 `no_price`. */
export function requirePrice(ctx: ChainApiContext, asset: PurchaseAsset): number {
  const price = priceUsdOf(ctx.config, asset)
  if (price === undefined || price <= 0)
    fail(400, 'no_price', `No price for ${asset.symbol} on ${asset.chain.caip2}`)
  return price
}

/**
 * The delivery's gas in USD at the chain's gas price now; 0 when the native asset has no price or the node
 * does not answer (a quote should not fail on a fee estimate; it is logged).
 */
export async function networkFeeUsd(ctx: ChainApiContext, asset: PurchaseAsset): Promise<number> {
  const chain = ctx.chains.get(asset.chain.caip2)
  const native = nativePriceUsd(ctx.config, asset.chain.caip2)
  if (!chain || native === undefined) return 0
  try {
    const gasPrice = await chain.client.getGasPrice()
    const gas = asset.token ? DELIVERY_GAS.erc20 : DELIVERY_GAS.native
    return Number(formatUnits(gas * gasPrice, chain.nativeCurrency.decimals)) * native
  } catch (error) {
    ctx.log.warn('onramp: gas price unavailable, network fee 0', { chain: chain.caip2, error })
    return 0
  }
}

/** Prices a payment of `totalCents` for `asset` (limits of `method` enforced). */
export async function quotePurchase(
  ctx: ChainApiContext,
  p: { asset: PurchaseAsset; totalCents: bigint; currency: FiatCurrency; method: PaymentMethod },
): Promise<PricedQuote> {
  checkLimits(p.totalCents, p.currency, p.method)
  const assetPriceUsd = requirePrice(ctx, p.asset)
  return priceQuote({
    totalCents: p.totalCents,
    currency: p.currency,
    assetPriceUsd,
    decimals: p.asset.decimals,
    networkFeeUsd: await networkFeeUsd(ctx, p.asset),
  })
}
