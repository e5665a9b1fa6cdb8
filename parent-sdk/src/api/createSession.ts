/**
 * `POST /v1/sessions/{account}`: grants this project a smart session, signed by the account over
 * `sessionCreateText` (EIP-191).
 * @module
 */
import {
  createSession as endpoint,
  type SessionItem,
  type SessionPci,
  sessionCreateText,
} from '@keyframe/protocol/chain-api/sessions'
import type { ChainApi } from './createChainApi.ts'

export type CreateSessionParameters = {
  /** CAIP-10 of the account (`eip155:31337:0x…`). */
  account: string
  permissions: SessionItem[]
  policies?: SessionItem[] | undefined
  /** Seconds since the epoch; in the future, at most a year ahead. */
  expiry: number
  /** Signs the text as the account (EIP-191 `personal_sign`). */
  signMessage: (message: string) => Promise<string>
  /** Seconds; default now. */
  timestamp?: number | undefined
  signal?: AbortSignal | undefined
}

/**
 * Creates the session and resolves with it.
 * @throws ChainApiError 400 (bad input, unsupported network), 401 (bad signature), 409 (text already used).
 * @example
 * const session = await createSession(api, {
 *   account, permissions: [{ type: 'native-token-transfer', data: { allowance: '0x1' } }],
 *   expiry: Math.floor(Date.now() / 1000) + 3600, signMessage: (message) => wallet.signMessage({ message }),
 * })
 */
export async function createSession(api: ChainApi, parameters: CreateSessionParameters): Promise<SessionPci> {
  const { account, permissions, policies, expiry, signMessage, signal } = parameters
  const timestamp = parameters.timestamp ?? Math.floor(Date.now() / 1000)
  const text = sessionCreateText({
    account,
    projectId: api.projectId,
    permissions,
    policies,
    expiry,
    timestamp,
  })
  const signature = await signMessage(text)
  return api.request(endpoint, {
    params: { account },
    body: { permissions, ...(policies ? { policies } : {}), expiry, timestamp, signature },
    signal,
  })
}
