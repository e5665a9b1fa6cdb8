/**
 * wallet_getCapabilities (EIP-5792), answered by the frame: the embedded wallet is an EOA, so it cannot
 * run a batch atomically, and says so for every configured chain.
 * @module
 */
import { UnauthorizedError } from '@keyframe/protocol/core'
import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import type { Session } from '../bridge/context.ts'
import { isEvmAddressEqual } from '../wallet/evm.ts'

/** EIP-5792 capabilities by hex chain id. */
export type Capabilities = Record<
  `0x${string}`,
  { atomic: { status: 'supported' | 'ready' | 'unsupported' } }
>

/**
 * The capabilities of the session's account on the configured chains, or on those of `chainIds` (hex)
 * that are configured.
 * @throws UnauthorizedError (4100) when `address` is not the session's account.
 */
export function getCapabilities(
  params: readonly [address?: string | undefined, chainIds?: readonly string[] | undefined] | undefined,
  chains: readonly FrameChain[],
  session: Pick<Session, 'address'>,
): Capabilities {
  const [address, chainIds] = params ?? []
  if (address !== undefined && !isEvmAddressEqual(address, session.address)) throw new UnauthorizedError()
  const wanted = chainIds?.map((id) => BigInt(id))
  const capabilities: Capabilities = {}
  for (const chain of chains) {
    if (wanted && !wanted.includes(BigInt(chain.id))) continue
    capabilities[`0x${chain.id.toString(16)}`] = { atomic: { status: 'unsupported' } }
  }
  return capabilities
}
