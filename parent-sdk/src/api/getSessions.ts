/**
 * `GET /v1/sessions/{account}`: the smart sessions an account granted to this project.
 * @module
 */
import { getSessions as endpoint, type SessionPci } from '@keyframe/protocol/chain-api/sessions'
import type { ChainApi } from './createChainApi.ts'
import { isSupportedNetwork } from './isSupportedNetwork.ts'

export type GetSessionsParameters = {
  /** CAIP-10 of the account (`eip155:31337:0x…`). */
  account: string
  signal?: AbortSignal | undefined
}

/**
 * The sessions, newest first, revoked and expired ones included; `{ pcis: [] }` without a request for a network
 * chain-api does not serve.
 * @example
 * const { pcis } = await getSessions(api, { account: `eip155:31337:${address}` })
 * const active = pcis.filter((s) => !s.revokedAt && s.expiry * 1000 > Date.now())
 */
export async function getSessions(
  api: ChainApi,
  { account, signal }: GetSessionsParameters,
): Promise<{ pcis: SessionPci[] }> {
  if (!(await isSupportedNetwork(api, account, signal))) return { pcis: [] }
  return api.request(endpoint, { params: { account }, signal })
}
