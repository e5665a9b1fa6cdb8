/**
 * `GET /v1/account/{address}/balance`: an account's native and token balances with USD prices (SPEC §3 Token
 * balance), kept 30 s (SPEC §9 portfolio cache).
 * @module
 */

import { getBalance as endpoint, type TokenBalance } from '@keyframe/protocol/chain-api/balances'
import { PORTFOLIO_CACHE_MS } from '@keyframe/protocol/core'
import type { ChainApi } from './createChainApi.ts'
import { isSupportedNetwork } from './isSupportedNetwork.ts'

export type GetBalanceParameters = {
  /** The account (0x address). */
  address: string
  /** CAIP-2 network; without it, every network chain-api serves. */
  chainId?: string | undefined
  /** Skip both caches (this client's and chain-api's 30 s one), e.g. right after a transaction. */
  forceUpdate?: boolean | undefined
  signal?: AbortSignal | undefined
}

export type GetBalanceReturnType = { balances: TokenBalance[] }

/** The cache key of an account's balances on a network (`*`: all networks). */
export function balanceKey(address: string, chainId: string | undefined): string {
  return `balance:${chainId ?? '*'}:${address.toLowerCase()}`
}

/**
 * The account's balances, zero balances left out; `{ balances: [] }` without a request for a network chain-api
 * does not serve.
 * @example
 * const { balances } = await getBalance(api, { address: '0x…', chainId: 'eip155:31337' })
 */
export async function getBalance(
  api: ChainApi,
  parameters: GetBalanceParameters,
): Promise<GetBalanceReturnType> {
  const { address, chainId, forceUpdate, signal } = parameters
  if (chainId !== undefined && !(await isSupportedNetwork(api, chainId, signal))) return { balances: [] }
  return api.cache.get(
    balanceKey(address, chainId),
    PORTFOLIO_CACHE_MS,
    (loadSignal) =>
      api.request(endpoint, {
        params: { address },
        query: { currency: 'usd', chainId, ...(forceUpdate ? { forceUpdate: 'true' } : {}) },
        signal: loadSignal,
      }),
    { force: forceUpdate, signal },
  )
}
