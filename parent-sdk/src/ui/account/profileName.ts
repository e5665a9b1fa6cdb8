/**
 * The account's profile name (SPEC §3 `profileName`) for the Account header, and whether the account may
 * register one (SPEC §5: EVM only). Shared by the header and the names feature; kept out of the names chunk
 * so the header never loads it.
 * @module
 */
import { canRegisterAccountName } from '@keyframe/protocol'
import type { Identity } from '@keyframe/protocol/chain-api/names'
import { getIdentity } from '../../api/getIdentity.ts'
import { getAccount } from '../../core/account.ts'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { chainApiOf } from '../chainApi.ts'

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * The address's registered name from chain-api's identity (kept 5 min, SPEC §9), or null when it has none,
 * the dApp gave no `chainApiUrl`, or the address is not an EVM one. A registration (`api/registerName.ts`)
 * drops the cached identity, so the next read after it asks chain-api again and gets the new name.
 * @throws ChainApiError when chain-api cannot answer.
 */
export async function readProfileName(
  kf: Keyframe,
  address: string,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<string | null> {
  return (await readProfile(kf, address, options)).name
}

/**
 * The address's name and avatar (SPEC §3 `profileName`, `profileImage`) from the same identity answer, each
 * null when it has none; both null without a chain-api or for a non-EVM address.
 * @throws ChainApiError when chain-api cannot answer.
 */
export async function readProfile(
  kf: Keyframe,
  address: string,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<Identity> {
  const api = chainApiOf(kf)
  if (!api || !EVM_ADDRESS.test(address)) return { name: null, avatar: null }
  return getIdentity(api, { address, signal: options.signal })
}

/**
 * Whether the connected account can register a name: an EVM account (SPEC §5) and a chain-api to register
 * with. Where it cannot, the way to RegisterAccountName is not shown.
 */
export function canRegisterName(kf: Keyframe): boolean {
  const { isConnected, namespace, address } = getAccount(kf)
  return (
    isConnected &&
    canRegisterAccountName(namespace) &&
    EVM_ADDRESS.test(address ?? '') &&
    chainApiOf(kf) !== undefined
  )
}
