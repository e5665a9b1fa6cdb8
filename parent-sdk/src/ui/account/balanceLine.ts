import { formatBalance } from '@keyframe/protocol'
import type { TokenBalance } from '@keyframe/protocol/chain-api/balances'
import type { Network } from '../../core/network.ts'
import { formatAmount } from '../../core/send.ts'
import type { BalanceLine } from './AccountHeader.tsx'
import { formatUsd, nativeBalanceOf } from './tokenRows.ts'
import type { ProviderBalance } from './useNativeBalance.ts'

/** SPEC §8. */
export const TOKEN_BALANCE_UNAVAILABLE = 'Token Balance Unavailable'

/**
 * The header's balance line (2 decimals, SPEC §9): chain-api's native entry with its USD value when the
 * portfolio is read (`balances`), else the provider's figure alone; '…' while neither is known.
 */
export function balanceLine(
  balances: readonly TokenBalance[] | undefined,
  provider: ProviderBalance,
  network: Network,
): BalanceLine {
  const native = network.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }
  if (balances) {
    const entry = nativeBalanceOf(balances)
    if (!entry) return { amount: `0.00 ${native.symbol}`, usd: formatUsd(0) }
    return {
      amount: `${formatBalance(entry.quantity.numeric)} ${entry.symbol}`,
      usd: entry.price > 0 ? formatUsd(entry.value) : '',
    }
  }
  if (provider === null) return { amount: '…', usd: '' }
  if (provider === 'failed') return { amount: 'Balance unavailable', usd: '' }
  return { amount: `${formatBalance(formatAmount(provider, native.decimals))} ${native.symbol}`, usd: '' }
}
