/**
 * SWITCH_NETWORK: moves the frame to another configured chain. Small and free of viem on purpose: it is
 * part of the frame's first load.
 * @module
 */
import { ChainNotSupportedError, type RequestResult } from '@keyframe/protocol'
import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import type { RequestContext } from '../bridge/context.ts'
import { caip2OfChain, findChain } from './chains.ts'

/**
 * Sets the frame's network to `chainId` (a number or CAIP-2) and tells the parent (CHAIN_CHANGED) when it
 * changed. eth_chainId, GET_USER and RPC requests without a chain of their own follow it.
 * @throws ChainNotSupportedError (4902, 'Chain is not supported') when the chain is not configured.
 */
export async function switchNetwork(
  params: { chainId: string | number },
  ctx: RequestContext,
): Promise<RequestResult<'SWITCH_NETWORK'>> {
  const chain = findChain(ctx.chains, params.chainId)
  if (!chain) throw new ChainNotSupportedError()
  return { chainId: moveToChain(ctx, chain) }
}

/**
 * Sets the frame's network to `chain` (a configured one) and emits CHAIN_CHANGED when it changed.
 * SWITCH_NETWORK and GET_USER's `chainId` both go through here.
 * @returns The chain's CAIP-2 id.
 */
export function moveToChain(ctx: Pick<RequestContext, 'state' | 'emit'>, chain: FrameChain): string {
  const chainId = caip2OfChain(chain)
  if (ctx.state.chainId !== chainId) {
    ctx.state.chainId = chainId
    ctx.emit('CHAIN_CHANGED', { chainId })
  }
  return chainId
}
