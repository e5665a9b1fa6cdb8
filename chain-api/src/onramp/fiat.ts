/**
 * Fiat amounts of the on-ramp: exact cents as bigint (no float rounding in fees or totals), the currencies
 * accepted, and how they convert to USD (the unit of `config.prices`).
 * @module
 */

/** The fiat currencies the on-ramp takes (spec §8 defaults). */
export const FIAT_CURRENCIES = ['USD', 'EUR'] as const
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number]

/**
 * USD per EUR, fixed: the sandbox provider has no exchange-rate feed, and a documented constant keeps quotes
 * reproducible. Change it here if EUR quotes should follow the market.
 */
export const USD_PER_EUR = 1.08

export function isFiatCurrency(id: string): id is FiatCurrency {
  return (FIAT_CURRENCIES as readonly string[]).includes(id)
}

/** USD value of one unit of `currency`. */
export function usdPerUnit(currency: FiatCurrency): number {
  return currency === 'EUR' ? USD_PER_EUR : 1
}

/** `'10'` → 1000n, `'49.9'` → 4990n. The text has at most 2 decimals (the request schema checks it). */
export function parseCents(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2))
}

/** 1050n → `'10.50'`. */
export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const abs = cents < 0n ? -cents : cents
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`
}

/** Cents of a fiat amount given as a JSON number (rounded to the cent). */
export function centsOfNumber(value: number): bigint {
  return BigInt(Math.round(value * 100))
}
