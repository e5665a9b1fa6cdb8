/**
 * Supported chains (spec §7 `GET v1/supported-chains`): the CAIP-2 ids chain-api serves over HTTP. The SDK
 * fetches it once and skips calls for other networks, returning their empty defaults.
 * @module
 */
import * as z from 'zod/mini'
import { endpoint, networkId } from './endpoint.ts'

/** `http`: networks with Blockchain API and RPC over HTTP; `ws`: over WebSocket (none yet, always empty). */
export const supportedChains = z.object({ http: z.array(networkId), ws: z.array(networkId) })
export type SupportedChains = z.output<typeof supportedChains>

export const getSupportedChains = endpoint({
  method: 'get',
  path: '/v1/supported-chains',
  summary: 'The CAIP-2 ids of the networks this chain-api serves (HTTP; WebSocket: none)',
  auth: 'project',
  response: supportedChains,
})
