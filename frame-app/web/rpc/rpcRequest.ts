/**
 * RPC_REQUEST: the dApp's EIP-1193 requests for the embedded wallet. Loaded with `import()` on the first
 * one (not part of the frame's first load); signing code is a further chunk, loaded on the first unsafe
 * request. Three paths (spec §6):
 *
 * - answered by the frame: the account (eth_accounts, eth_coinbase, in lower case), the chain (eth_chainId, net_version),
 *   net_listening, web3_clientVersion, personal_ecRecover (computed, no key), wallet_getCapabilities,
 *   wallet_getCallsStatus;
 * - other safe methods: proxied to the chain's node (JSON-RPC POST to its `rpcUrl`), whose errors come back
 *   with the node's code and message;
 * - unsafe methods: shown on the frame's approval screen, then signed (`signRequest.ts`).
 *
 * Anything else thrown on the way reaches the dApp as -32603 with the cause's message (`toProtocolError`).
 * @module
 */
import { checkRpcCall, type ParsedParams, UnauthorizedError } from '@keyframe/protocol'
import { ChainDisconnectedError, PROTOCOL_VERSION, toProtocolError } from '@keyframe/protocol/core'
import type { RequestContext, Session } from '../bridge/context.ts'
import { loadApprovalScreen, type RequestApproval } from './approval.ts'
import { getCallsStatus } from './callsStatus.ts'
import { getCapabilities } from './capabilities.ts'
import { chainOf } from './chains.ts'
import { withDefaultBlock } from './defaultBlock.ts'
import { jsonRpc } from './jsonRpc.ts'

let signModule: typeof import('./signRequest.ts') | undefined

/**
 * Loads the code of a signature (the signing module, the approval screen) while nothing waits for it, so a
 * page's first approval is as quick as the later ones. Called after a login; never fails (a request loads
 * what is missing itself). It lives here, not in the login code, so the entry only ever imports this chunk.
 */
export function preloadSigning(): void {
  Promise.all([
    import('./signRequest.ts').then((module) => {
      signModule ??= module
    }),
    loadApprovalScreen(),
  ]).catch(() => {})
}

export type RpcRequestOptions = {
  /** The approval step; default the frame's approval screen. Tests of the RPC layer pass their own. */
  requestApproval?: RequestApproval
}

/** web3_clientVersion: who answers, as nodes say it (`Geth/v1.14…`). */
const CLIENT_VERSION = `Keyframe/protocol-v${PROTOCOL_VERSION}`

/**
 * Answers one RPC_REQUEST for the session's account.
 * @throws UnsupportedMethodError (4200) for a method outside the allowed list, or one not built yet
 *   (solana, permissions, user operations); MethodNotSupportedError for one refused on purpose (eth_sign,
 *   eth_subscribe…); InvalidParamsError (-32602) for bad params, in words.
 * @throws ChainDisconnectedError (4901) for a chain the frame is not configured for.
 * @throws UnauthorizedError (4100) when a signing request names another account.
 * @throws UserRejectedRequestError (4001) when the person rejects or lets the approval time out.
 * @throws ProtocolError with the node's code and message when the node refuses.
 * @throws InternalError (-32603) with the cause's message for anything else.
 */
export async function rpcRequest(
  params: ParsedParams<'RPC_REQUEST'>,
  ctx: RequestContext,
  options: RpcRequestOptions = {},
): Promise<unknown> {
  try {
    return await answer(params, ctx, options)
  } catch (error) {
    throw toProtocolError(error)
  }
}

async function answer(
  params: ParsedParams<'RPC_REQUEST'>,
  ctx: RequestContext,
  options: RpcRequestOptions,
): Promise<unknown> {
  const call = checkRpcCall(params)
  const session = sessionOf(ctx)
  switch (call.method) {
    // Addresses to the dApp in lower case, as MetaMask gives them (dApps compare them with `===`).
    case 'eth_accounts':
      return [session.address.toLowerCase()]
    case 'eth_coinbase':
      return session.address.toLowerCase()
    case 'eth_chainId':
      return `0x${evmChainId(call.chainId ?? ctx.state.chainId).toString(16)}`
    case 'net_version':
      return evmChainId(call.chainId ?? ctx.state.chainId).toString(10)
    case 'net_listening':
      return true
    case 'web3_clientVersion':
      return CLIENT_VERSION
    case 'personal_ecRecover': {
      const { ecRecover } = await import('./ecRecover.ts')
      return ecRecover(call.params as [string, string])
    }
    case 'wallet_getCapabilities':
      return getCapabilities(call.params as Parameters<typeof getCapabilities>[0], ctx.chains, session)
    case 'wallet_getCallsStatus':
      return getCallsStatus((call.params as [string])[0], ctx.rpc.batches, ctx.signal)
  }
  if (call.class === 'unsafe') {
    // Kept once loaded: an `import()` per request costs a task, on the way to the approval screen.
    signModule ??= await import('./signRequest.ts')
    return signModule.signRequest(call, ctx, session, options)
  }
  const chain = chainOf(ctx, call.chainId)
  return jsonRpc(chain.rpcUrl, call.method, withDefaultBlock(call.method, call.params), ctx.signal)
}

function sessionOf(ctx: RequestContext): Session {
  // `dispatch` refuses RPC_REQUEST without a session (the table says so); this keeps the types honest.
  if (!ctx.state.session) throw new UnauthorizedError()
  return ctx.state.session
}

/** `eip155:31337` → 31337n. eth_chainId or net_version on a network that is not EVM has no answer: 4901. */
function evmChainId(chainId: string): bigint {
  const [namespace, reference = ''] = chainId.split(':')
  if (namespace !== 'eip155' || !/^[0-9]+$/.test(reference))
    throw new ChainDisconnectedError(`The provider is not connected to an EVM chain (${chainId}).`)
  return BigInt(reference)
}
