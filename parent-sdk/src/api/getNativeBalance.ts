/**
 * An account's balance in a network's native currency, with its USD value, kept 30 s (SPEC §9 native
 * balance cache): the native entry of the portfolio (`GET /v1/account/{address}/balance`).
 * @module
 */
import type { TokenBalance } from '@keyframe/protocol/chain-api/balances'
import { NATIVE_BALANCE_CACHE_MS } from '@keyframe/protocol/core'
import type { ChainApi } from './createChainApi.ts'
import { getBalance } from './getBalance.ts'

export type GetNativeBalanceParameters = {
  /** The account (0x address). */
  address: string
  /** CAIP-2 network. */
  chainId: string
  /** Skip the caches, e.g. right after a transaction. */
  forceUpdate?: boolean | undefined
  signal?: AbortSignal | undefined
}

/** The cache key of an account's native balance on a network. */
export function nativeBalanceKey(address: string, chainId: string): string {
  return `native:${chainId}:${address.toLowerCase()}`
}

/**
 * The native balance, or `null` when the account holds none of it (zero balances are left out) or chain-api
 * does not serve the network (no request then).
 * @example
 * const eth = await getNativeBalance(api, { address: '0x…', chainId: 'eip155:31337' })
 * eth?.quantity.numeric // '100'; eth?.value: USD
 */
export function getNativeBalance(
  api: ChainApi,
  parameters: GetNativeBalanceParameters,
): Promise<TokenBalance | null> {
  const { address, chainId, forceUpdate, signal } = parameters
  return api.cache.get(
    nativeBalanceKey(address, chainId),
    NATIVE_BALANCE_CACHE_MS,
    async (loadSignal) => {
      const { balances } = await getBalance(api, { address, chainId, forceUpdate, signal: loadSignal })
      return balances.find((balance) => balance.address === undefined) ?? null
    },
    { force: forceUpdate, signal },
  )
}
