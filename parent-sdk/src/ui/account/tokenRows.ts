import { formatBalance } from '@keyframe/protocol'
import type { TokenBalance } from '@keyframe/protocol/chain-api/balances'

/** One row of the Tokens tab, ready to show. */
export type TokenRow = {
  key: string
  name: string
  symbol: string
  iconUrl: string
  /** `1234.56 KFT` (2 decimals, truncated: SPEC §9). */
  quantity: string
  /** `$2,469.12`, or '' when chain-api has no price. */
  usd: string
  value: number
}

/**
 * A USD amount with 2 decimals and thousands separators ('< $0.01' below a cent).
 * @example
 * formatUsd(300000) // '$300,000.00'
 */
export function formatUsd(value: number): string {
  if (value > 0 && value < 0.01) return '< $0.01'
  const [int = '0', frac = '00'] = formatBalance(value).split('.')
  return `$${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`
}

/**
 * The Tokens tab's rows: tokens with zero decimals dropped as low quality (SPEC §5), the most valuable first
 * (then by name), each quantity and USD value with 2 decimals.
 */
export function tokenRows(balances: readonly TokenBalance[]): TokenRow[] {
  return balances
    .filter((balance) => balance.quantity.decimals !== '0')
    .map((balance) => ({
      key: `${balance.chainId}:${balance.address ?? 'native'}`,
      name: balance.name,
      symbol: balance.symbol,
      iconUrl: balance.iconUrl,
      quantity: `${formatBalance(balance.quantity.numeric)} ${balance.symbol}`,
      usd: balance.price > 0 ? formatUsd(balance.value) : '',
      value: balance.value,
    }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name))
}

/** The native currency's entry of the balances (the one without a contract address), if held. */
export function nativeBalanceOf(balances: readonly TokenBalance[]): TokenBalance | undefined {
  return balances.find((balance) => balance.address === undefined)
}
