/**
 * The sandbox provider's fee (spec §9: between 1 % and 2 %): 2 % of payments under 100, 1.5 % under 1000,
 * 1 % from 1000 (in the payment currency), rounded to the cent and then kept within 1–2 % of the payment, so
 * that rounding never takes it outside the spec's range.
 * @module
 */
import { ONRAMP_PROVIDER_FEE_MAX_PERCENT, ONRAMP_PROVIDER_FEE_MIN_PERCENT } from '@keyframe/protocol/core'

/** Fee tiers by payment amount in cents: below `belowCents` the rate is `basisPoints` / 100 %. */
export const FEE_TIERS: readonly { belowCents: bigint | null; basisPoints: bigint }[] = [
  { belowCents: 100_00n, basisPoints: 200n },
  { belowCents: 1000_00n, basisPoints: 150n },
  { belowCents: null, basisPoints: 100n },
]

/** The rate of a payment, in basis points. */
export function feeBasisPoints(amountCents: bigint): bigint {
  const tier = FEE_TIERS.find((t) => t.belowCents === null || amountCents < t.belowCents)
  return tier!.basisPoints
}

/** The provider fee of a payment of `amountCents`, in cents. */
export function providerFeeCents(amountCents: bigint): bigint {
  const rounded = (amountCents * feeBasisPoints(amountCents) + 5_000n) / 10_000n
  const min = (amountCents * BigInt(ONRAMP_PROVIDER_FEE_MIN_PERCENT) * 100n + 9_999n) / 10_000n
  const max = (amountCents * BigInt(ONRAMP_PROVIDER_FEE_MAX_PERCENT) * 100n) / 10_000n
  if (rounded < min) return min
  if (rounded > max) return max
  return rounded
}
