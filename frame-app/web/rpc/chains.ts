/**
 * Which configured chain a request is for. The frame only signs and proxies for the chains its server
 * configured (`FrameChain`, from the frame document's config).
 * @module
 */
import { ChainDisconnectedError, toCaip2 } from '@keyframe/protocol/core'
import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import type { BridgeContext } from '../bridge/context.ts'

/** The configured chain with this id (a number, `0x…` hex, or CAIP-2), or undefined. Never throws. */
export function findChain(chains: readonly FrameChain[], chainId: string | number): FrameChain | undefined {
  let caip2: string
  try {
    caip2 = toCaip2(chainId)
  } catch {
    return undefined
  }
  return chains.find((chain) => caip2OfChain(chain) === caip2)
}

/** `eip155:<id>`. */
export function caip2OfChain(chain: FrameChain): `eip155:${number}` {
  return `eip155:${chain.id}`
}

/**
 * The chain an RPC request runs on: the request's own `chainId`, else the frame's current network.
 *
 * An RPC request for a chain the frame has no RPC endpoint for answers EIP-1193's 4901 (the provider is
 * not connected to that chain), not 4902: 4902 ('Chain is not supported') is what SWITCH_NETWORK answers
 * when asked to move to an unknown chain (EIP-3326), and a dApp reads it as "add the chain first".
 * @throws ChainDisconnectedError (4901) when that chain is not configured.
 */
export function chainOf(ctx: Pick<BridgeContext, 'chains' | 'state'>, chainId?: string): FrameChain {
  const target = chainId ?? ctx.state.chainId
  const chain = findChain(ctx.chains, target)
  if (!chain)
    throw new ChainDisconnectedError(`The provider is not connected to the requested chain (${target}).`)
  return chain
}
