import {
  InvalidKeyError,
  NotAvailableError,
  type ParsedParams,
  type RequestResult,
  type RequestType,
} from '@keyframe/protocol'
import { connectDevice, connectEmail, connectOtp } from '../login/email.ts'
import { loginKit } from '../login/loginKit.ts'
import { getUser, isConnected, signOut } from '../login/session.ts'
import { updateEmail, updateEmailPrimaryOtp, updateEmailSecondaryOtp } from '../login/updateEmail.ts'
import { switchNetwork } from '../rpc/switchNetwork.ts'
import { getWatchedTokens } from '../session/watchedTokens.ts'
import type { RequestContext } from './context.ts'
import { nextTheme } from './theme.ts'

/** Handles one validated request. Throw a ProtocolError to answer with its code; anything else is -32603. */
export type Handler<T extends RequestType> = (
  params: ParsedParams<T>,
  ctx: RequestContext,
) => Promise<RequestResult<T>>

/** One handler per row of the message table: a missing one is a type error. */
export type Handlers = { [T in RequestType]: Handler<T> }

/** A request type whose feature has not landed yet: answered with 4200, never with silence. */
function notAvailable<T extends RequestType>(type: T): Handler<T> {
  return async () => {
    throw new NotAvailableError(type)
  }
}

let rpcModule: typeof import('../rpc/rpcRequest.ts') | undefined

/** The frame's handlers. Requests that need a session never get here without one (see `dispatch`). */
export const handlers: Handlers = {
  GET_CHAIN_ID: async (_params, ctx) => ({ chainId: ctx.state.chainId }),

  IS_CONNECTED: async (_params, ctx) => isConnected(ctx),
  CONNECT_EMAIL: connectEmail,
  CONNECT_OTP: connectOtp,
  CONNECT_DEVICE: connectDevice,
  GET_USER: async (params, ctx) => getUser(params, ctx),
  SIGN_OUT: async (_params, ctx) => signOut(ctx),
  GET_WATCHED_TOKENS: getWatchedTokens,
  UPDATE_EMAIL: updateEmail,
  UPDATE_EMAIL_PRIMARY_OTP: updateEmailPrimaryOtp,
  UPDATE_EMAIL_SECONDARY_OTP: updateEmailSecondaryOtp,

  SYNC_THEME: async (params, ctx) => {
    const next = nextTheme(ctx.state.theme, params)
    ctx.applyTheme(next)
    ctx.state.theme = next
    return null
  },

  SYNC_DAPP_DATA: async ({ projectId, ...dapp }, ctx) => {
    // Spec §8: an unknown or mismatched project id reads 'Invalid key'.
    if (projectId !== ctx.projectId) {
      throw new InvalidKeyError(projectId)
    }
    ctx.state.dapp = dapp
    return null
  },

  RELOAD: async (_params, ctx) => {
    // Reply first: the rest runs after the bridge has posted this handler's reply. Requests still running
    // would die with the document unanswered, so they are aborted (each answers -32040), and the reload
    // waits one more task for those answers to be posted.
    setTimeout(() => {
      ctx.aborts.abortAll()
      setTimeout(() => ctx.reload(), 0)
    }, 0)
    return null
  },

  RPC_ABORT: async ({ id }, ctx) => ({ aborted: ctx.aborts.abort(id) }),

  SWITCH_NETWORK: switchNetwork,
  // Loaded on the first RPC request: the frame's first load carries no RPC or signing code. Kept once
  // loaded: an `import()` per request costs a task each (the safe-call overhead budget is 1 ms).
  RPC_REQUEST: async (params, ctx) => {
    rpcModule ??= await import('../rpc/rpcRequest.ts')
    return rpcModule.rpcRequest(params, ctx)
  },
  // Loaded when the person chooses a social or Farcaster login: the frame's first load carries neither.
  GET_SOCIAL_REDIRECT_URI: async (params, ctx) =>
    (await import('../login/social.ts')).getSocialRedirectUri(params, ctx, loginKit),
  CONNECT_SOCIAL: async (params, ctx) =>
    (await import('../login/social.ts')).connectSocial(params, ctx, loginKit),
  GET_FARCASTER_URI: async (params, ctx) =>
    (await import('../login/farcaster.ts')).getFarcasterUri(params, ctx, loginKit),
  CONNECT_FARCASTER: async (params, ctx) =>
    (await import('../login/farcaster.ts')).connectFarcaster(params, ctx, loginKit),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: notAvailable('GET_SMART_ACCOUNT_ENABLED_NETWORKS'),
  INIT_SMART_ACCOUNT: notAvailable('INIT_SMART_ACCOUNT'),
  SET_PREFERRED_ACCOUNT: notAvailable('SET_PREFERRED_ACCOUNT'),
}
