/**
 * `GET /v1/account/{address}/history`: an account's transactions, newest first, a page at a time (SPEC §3
 * Transaction). Not cached: each page is asked once, and a refresh must show new transactions.
 * @module
 */
import {
  EMPTY_HISTORY,
  getHistory as endpoint,
  type HistoryPage,
  NO_ACCOUNT_MESSAGE,
} from '@keyframe/protocol/chain-api/history'
import { ChainApiError } from './chainApiError.ts'
import type { ChainApi } from './createChainApi.ts'
import { isSupportedNetwork } from './isSupportedNetwork.ts'

export type GetHistoryParameters = {
  /** The account (0x address). */
  address: string
  /** CAIP-2 network; without it, every network chain-api serves. */
  chainId?: string | undefined
  /** `next` of the previous page. */
  cursor?: string | undefined
  /** Only the on-ramp's purchases. */
  onramp?: boolean | undefined
  signal?: AbortSignal | undefined
}

/**
 * One page of the account's history; `{ data: [], next: null }` without a request for a network chain-api does
 * not serve.
 * @throws ChainApiError 400 "Transactions can't be fetched without an accountAddress" for an empty address,
 *   without a request.
 * @example
 * const first = await getHistory(api, { address: '0x…', chainId: 'eip155:31337' })
 * const second = first.next ? await getHistory(api, { address: '0x…', cursor: first.next }) : undefined
 */
export async function getHistory(api: ChainApi, parameters: GetHistoryParameters): Promise<HistoryPage> {
  const { address, chainId, cursor, onramp, signal } = parameters
  if (!address) throw new ChainApiError(400, 'invalid_params', NO_ACCOUNT_MESSAGE)
  if (chainId !== undefined && !(await isSupportedNetwork(api, chainId, signal)))
    return { ...EMPTY_HISTORY, data: [] }
  return api.request(endpoint, {
    params: { address },
    query: { chainId, cursor, ...(onramp ? { onramp: 'true' } : {}) },
    signal,
  })
}
