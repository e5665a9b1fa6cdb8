/**
 * Price impact of a quote: how much less the tokens received are worth than the tokens given, at the USD
 * prices chain-api reports (the pool's fee and the move of its price both count), as AppKit's swap shows it.
 * @module
 */

export type PriceImpactInput = {
  /** Amount given, in token units. */
  readonly fromAmount: number
  /** USD price of one unit of the token given; 0 or undefined when unknown. */
  readonly fromPrice: number | undefined
  /** Amount received, in token units. */
  readonly toAmount: number
  /** USD price of one unit of the token received; 0 or undefined when unknown. */
  readonly toPrice: number | undefined
}

/**
 * The impact in percent (positive: the person gets less than they give), or undefined when a price is
 * unknown or nothing is given.
 * @example
 * priceImpact({ fromAmount: 1, fromPrice: 3000, toAmount: 2988.02, toPrice: 1 }) // 0.3993…
 */
export function priceImpact({
  fromAmount,
  fromPrice,
  toAmount,
  toPrice,
}: PriceImpactInput): number | undefined {
  if (!fromPrice || !toPrice || !(fromAmount > 0) || fromPrice < 0 || toPrice < 0) return undefined
  const given = fromAmount * fromPrice
  return ((given - toAmount * toPrice) / given) * 100
}

/**
 * The impact as shown: two places and a percent sign; '< 0.01 %' for a smaller loss, '0.00 %' for a gain.
 * @example
 * formatPriceImpact(0.3993) // '0.40 %'
 */
export function formatPriceImpact(impact: number): string {
  if (impact > 0 && impact < 0.01) return '< 0.01 %'
  return `${Math.max(impact, 0).toFixed(2)} %`
}
