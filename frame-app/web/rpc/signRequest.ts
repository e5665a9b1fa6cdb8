/**
 * The unsafe RPC methods (spec §6): each is shown on the frame's approval screen, built from the exact
 * request, and signed only once the person approved it. Loaded with `import()` on the first one.
 * @module
 */
import {
  type CheckedRpcCall,
  InvalidParamsError,
  toCaip2,
  type UnsafeRpcMethod,
  UnsupportedMethodError,
  type unsafeRpcParams,
} from '@keyframe/protocol'
import type * as z from 'zod/mini'
import type { RequestContext, Session } from '../bridge/context.ts'
import { accountOf } from '../login/session.ts'
import { prefetchDeviceShare, warmSigner } from '../wallet/signer.ts'
import { addEthereumChain } from './addEthereumChain.ts'
import { loadApprovalScreen, releaseApproval, requestApproval } from './approval.ts'
import { chainOf } from './chains.ts'
import { personalSign } from './personalSign.ts'
import type { RpcRequestOptions } from './rpcRequest.ts'
import { sendCalls } from './sendCalls.ts'
import { sendTransaction } from './sendTransaction.ts'
import type { Signing } from './signing.ts'
import { watchAsset } from './watchAsset.ts'

type ParamsOf<M extends UnsafeRpcMethod> = z.output<(typeof unsafeRpcParams)[M]>

import { signTypedData } from './signTypedData.ts'
import { signTypedDataV1 } from './signTypedDataV1.ts'

/**
 * Serves one unsafe call for the session's account (see `rpcRequest`).
 * @throws UnsupportedMethodError (4200) for the unsafe methods not built yet: the solana ones,
 *   wallet_grantPermissions, wallet_revokePermissions and eth_sendUserOperation.
 */
export async function signRequest(
  call: CheckedRpcCall,
  ctx: RequestContext,
  session: Session,
  options: RpcRequestOptions,
): Promise<unknown> {
  // The first request loads the approval screen's code while it builds its details (chain calls for a
  // transaction).
  if (!options.requestApproval) loadApprovalScreen().catch(() => {})
  // Read (never decrypted) while the person decides; dropped when the request ends, however it ends.
  let deviceShare: ReturnType<typeof prefetchDeviceShare> | undefined = prefetchDeviceShare(
    accountOf(ctx, 'RPC_REQUEST'),
    session,
  )
  const signing = (chainId?: string): Signing => ({
    ctx,
    session,
    chain: chainOf(ctx, chainId ?? call.chainId),
    approval: options.requestApproval ?? requestApproval,
    deviceShare: () => deviceShare,
  })
  // `checkRpcCall` parsed the params with the method's schema.
  const params = <M extends UnsafeRpcMethod>(_method: M) => call.params as ParamsOf<M>
  const served = (() => {
    switch (call.method) {
      case 'personal_sign':
        return personalSign(params('personal_sign'), signing())
      case 'eth_signTypedData':
        return signTypedDataV1(params('eth_signTypedData'), signing())
      case 'eth_signTypedData_v3':
        return signTypedData(params('eth_signTypedData_v3'), signing(), 'v3')
      case 'eth_signTypedData_v4':
        return signTypedData(params('eth_signTypedData_v4'), signing(), 'v4')
      case 'eth_sendTransaction':
        return sendTransaction(params('eth_sendTransaction'), signing())
      case 'wallet_sendCalls': {
        const batch = params('wallet_sendCalls')
        return sendCalls(batch, signing(batchChain(call, batch)))
      }
      case 'wallet_watchAsset':
        return watchAsset(params('wallet_watchAsset'), signing())
      case 'wallet_addEthereumChain':
        return addEthereumChain(params('wallet_addEthereumChain'), signing())
      default:
        throw new UnsupportedMethodError(call.method)
    }
  })()
  // The person takes a second at least to decide: time enough to build the curve tables off the path.
  void warmSigner()
  try {
    return await served
  } finally {
    releaseApproval(ctx)
    deviceShare = undefined
  }
}

/** A batch's own `chainId` (hex) names its chain; it must agree with the request's when both are given. */
function batchChain(call: CheckedRpcCall, [batch]: ParamsOf<'wallet_sendCalls'>): string | undefined {
  if (batch.chainId === undefined) return undefined
  const chainId = toCaip2(batch.chainId)
  if (call.chainId !== undefined && call.chainId !== chainId) {
    const message = `chainId ${batch.chainId} is not ${call.chainId}, the chain of the request`
    throw new InvalidParamsError(
      'wallet_sendCalls',
      [{ path: [0, 'chainId'], message }],
      `parameter 1 (batch) field chainId: ${message}`,
    )
  }
  return chainId
}
