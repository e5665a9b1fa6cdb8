/**
 * Whether a network is worth a call (SPEC §7: calls for an unsupported network are skipped and answered with
 * their empty default, without a request).
 * @module
 */
import type { ChainApi } from './createChainApi.ts'
import { getSupportedChains } from './getSupportedChains.ts'

/**
 * True when chain-api lists the network in its supported chains. `id` is a CAIP-2 network id, or a CAIP-10
 * account id (`eip155:1:0x…`), whose network counts. When the list cannot be fetched the answer is true: the
 * call itself then succeeds or reports its own failure, instead of a silent empty answer.
 * @example
 * if (!(await isSupportedNetwork(api, 'eip155:31337'))) return { balances: [] }
 */
export async function isSupportedNetwork(api: ChainApi, id: string, signal?: AbortSignal): Promise<boolean> {
  const network = id.split(':').slice(0, 2).join(':')
  try {
    const { http } = await getSupportedChains(api, { signal })
    return http.includes(network)
  } catch (error) {
    if (signal?.aborted) throw error
    return true
  }
}
