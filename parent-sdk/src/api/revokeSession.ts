/**
 * `POST /v1/sessions/{account}/revoke`: ends a smart session, signed by the account over `sessionRevokeText`
 * (EIP-191). Revoking again changes nothing.
 * @module
 */
import {
  revokeSession as endpoint,
  type SessionPci,
  sessionRevokeText,
} from '@keyframe/protocol/chain-api/sessions'
import type { ChainApi } from './createChainApi.ts'

export type RevokeSessionParameters = {
  /** CAIP-10 of the account (`eip155:31337:0x…`). */
  account: string
  /** The session's permission context id. */
  pci: string
  /** Signs the text as the account (EIP-191 `personal_sign`). */
  signMessage: (message: string) => Promise<string>
  signal?: AbortSignal | undefined
}

/**
 * Revokes the session and resolves with it (`revokedAt` set, the first one kept).
 * @throws ChainApiError 401 (bad signature), 404 (unknown session).
 * @example
 * await revokeSession(api, { account, pci, signMessage: (message) => wallet.signMessage({ message }) })
 */
export async function revokeSession(api: ChainApi, parameters: RevokeSessionParameters): Promise<SessionPci> {
  const { account, pci, signMessage, signal } = parameters
  const signature = await signMessage(sessionRevokeText({ account, pci }))
  return api.request(endpoint, { params: { account }, body: { pci, signature }, signal })
}
