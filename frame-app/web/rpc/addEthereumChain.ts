/**
 * wallet_addEthereumChain (EIP-3085): the person is asked to let this site use a network the frame's server
 * does not configure, within the operator's policy (`addableChains`: exact RPC origins, which the frame
 * document's CSP lets it reach). Once approved the frame signs and proxies on it for this site, and keeps
 * it for the next start (`addedChains.ts`); `wallet_switchEthereumChain` to it then succeeds. A chain the
 * frame already knows is added at once, without asking (MetaMask's behaviour).
 * @module
 */
import { InvalidParamsError, type unsafeRpcParams } from '@keyframe/protocol'
import { ChainNotAllowedError } from '@keyframe/protocol/core'
import { allowedRpcUrl } from '@keyframe/protocol/frame-api/addableChains'
import type { FrameChain } from '@keyframe/protocol/frame-api/chains'
import type * as z from 'zod/mini'
import { approve } from './approval.ts'
import { findChain } from './chains.ts'
import { jsonRpc } from './jsonRpc.ts'
import { detailsBase, type Signing } from './signing.ts'

type Params = z.output<(typeof unsafeRpcParams)['wallet_addEthereumChain']>

/**
 * Adds the chain for this site after the person approved it.
 * @returns null (EIP-3085).
 * @throws ChainNotAllowedError (-32602, data.reason 'chain_not_allowed') outside the operator's policy.
 * @throws InvalidParamsError (-32602) when the RPC endpoint does not answer, or answers for another chain.
 * @throws UserRejectedRequestError (4001) when the person rejects.
 */
export async function addEthereumChain([request]: Params, signing: Signing): Promise<null> {
  const { ctx } = signing
  const id = Number.parseInt(request.chainId, 16)
  if (findChain(ctx.chains, id)) return null
  const rpcUrl = Number.isSafeInteger(id) ? allowedRpcUrl(ctx.addableChains, id, request.rpcUrls) : undefined
  if (rpcUrl === undefined) throw new ChainNotAllowedError(id)
  // The params' schema bounds name, currency and decimals as the frame's chain config does.
  const chain: FrameChain = { id, name: request.chainName, rpcUrl, nativeCurrency: request.nativeCurrency }
  // The node must be the chain the site names (MetaMask checks this too): else the person would approve one
  // network and sign for another.
  const reported = await jsonRpc<string>(rpcUrl, 'eth_chainId', [], ctx.signal).catch(() => undefined)
  const issue = (message: string) =>
    new InvalidParamsError('wallet_addEthereumChain', [{ path: [0, 'rpcUrls'], message }])
  if (reported === undefined) throw issue(`The RPC endpoint ${new URL(rpcUrl).origin} did not answer`)
  if (Number(reported) !== id) throw issue(`The RPC endpoint is for chain ${Number(reported)}, not ${id}`)
  await approve(
    {
      ...detailsBase(signing, 'wallet_addEthereumChain'),
      kind: 'addChain',
      added: { id, name: chain.name, nativeCurrency: chain.nativeCurrency, rpcUrl },
    },
    ctx,
    signing.approval,
  )
  if (!findChain(ctx.chains, id)) ctx.chains.push(chain)
  ctx.keepChain(chain)
  return null
}
