/**
 * `POST /v1/profile/account`: registers a name for an address, which signs the registration message
 * (`{ name, attributes, timestamp }`, EIP-191). The cached lookups of that name and address are dropped, so
 * the new name shows at once.
 * @module
 */
import { evmChainIdToCoinType } from '@keyframe/protocol'
import {
  registerName as endpoint,
  type NameAccount,
  type NameAttributes,
  nameRegistrationText,
} from '@keyframe/protocol/chain-api/names'
import type { ChainApi } from './createChainApi.ts'
import { identityKey } from './getIdentity.ts'
import { nameKey } from './lookupName.ts'
import { reverseKey } from './reverseLookup.ts'

export type RegisterNameParameters = {
  /** The full name (`alice.keyframe.id`) or its label. */
  name: string
  /** Texts by key; `avatar` is an http(s) image URL. */
  attributes?: NameAttributes | undefined
  /** The registering address (0x). */
  address: string
  /** The EVM chain id the address is registered for (its ENSIP-11 coin type is sent). */
  chainId: number
  /** Signs the message as `address` (EIP-191 `personal_sign`), e.g. the connected provider or a viem account. */
  signMessage: (message: string) => Promise<string>
  /** Seconds; default now. */
  timestamp?: number | undefined
  signal?: AbortSignal | undefined
}

/**
 * Registers (or updates) the name and resolves with its account.
 * @throws Error 'Invalid chainId' (spec §5) for a chain id at or above 0x80000000, before anything is signed.
 * @throws ChainApiError 400 (bad name, unsupported chain), 401 (bad signature), 409 (taken).
 * @example
 * import { privateKeyToAccount } from 'viem/accounts'
 * const account = privateKeyToAccount(key)
 * await registerName(api, {
 *   name: 'alice', address: account.address, chainId: 1,
 *   signMessage: (message) => account.signMessage({ message }),
 * })
 */
export async function registerName(api: ChainApi, parameters: RegisterNameParameters): Promise<NameAccount> {
  const { name, attributes, address, chainId, signMessage, signal } = parameters
  // Before signing: a chain id without a coin type must not cost the user a signature prompt.
  const coinType = evmChainIdToCoinType(chainId)
  const timestamp = parameters.timestamp ?? Math.floor(Date.now() / 1000)
  const message = nameRegistrationText({ name, ...(attributes ? { attributes } : {}), timestamp })
  const signature = await signMessage(message)
  const account = await api.request(endpoint, {
    body: { coin_type: coinType, address, message, signature },
    signal,
  })
  for (const key of [nameKey(name), nameKey(account.name), reverseKey(address), identityKey(address)])
    api.cache.delete(key)
  return account
}
