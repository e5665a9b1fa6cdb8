import * as z from 'zod/mini'
import { farcasterConnectUrl } from '../frame-api/farcaster.ts'
import { classifyRpc } from '../rpc/methods.ts'
import {
  accountAddress,
  accountType,
  caip2,
  chainIdInput,
  email,
  evmAddress,
  httpUrl,
  noParams,
  noResult,
  requestId,
  socialProvider,
  user,
} from '../schemas/common.ts'
import { syncThemeParams } from '../schemas/theme.ts'
import {
  APPROVAL_REQUEST_TIMEOUT_MS,
  CONNECT_TIMEOUT_MS,
  FARCASTER_TIMEOUT_MS,
  LOCAL_TIMEOUT_MS,
  NETWORK_TIMEOUT_MS,
} from './timeouts.ts'

/** One row of the message table. */
export type RequestDefinition<
  P extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> = {
  /** Schema of `params` in the request envelope. */
  params: P
  /** Schema of `result` in a successful reply. */
  result: R
  /** How long the parent waits for the reply, in ms (may depend on the params). */
  timeoutMs: number | ((params: z.output<P>) => number)
  /** Whether the frame refuses the request (4100) without a session. */
  needsSession: boolean
  /** Spec §8: on timeout, call the dApp's timeout handler (the 30 s connect flows). */
  alertOnTimeout: boolean
}

function row<P extends z.ZodMiniType, R extends z.ZodMiniType>(
  params: P,
  result: R,
  options: Omit<RequestDefinition<P, R>, 'params' | 'result'>,
): RequestDefinition<P, R> {
  return { params, result, ...options }
}

const local = { timeoutMs: LOCAL_TIMEOUT_MS, needsSession: false, alertOnTimeout: false } as const
const connect = { timeoutMs: CONNECT_TIMEOUT_MS, needsSession: false, alertOnTimeout: true } as const
const withSession = { timeoutMs: NETWORK_TIMEOUT_MS, needsSession: true, alertOnTimeout: false } as const

/** RPC_REQUEST params. The method's own params are checked against `rpc/params.ts` after this shape. */
export const rpcRequestParams = z.object({
  method: z.string().check(z.minLength(1), z.maxLength(128)),
  params: z.optional(z.unknown()),
  chainId: z.optional(caip2),
})

/**
 * The message table: every request the parent may send to the frame (spec §7 login-frame list, plus
 * RPC_ABORT by id). Types, schemas, timeouts and session needs all derive from here.
 */
export const requests = {
  SWITCH_NETWORK: row(
    z.strictObject({ chainId: chainIdInput }),
    z.object({ chainId: chainIdInput }),
    withSession,
  ),
  CONNECT_EMAIL: row(
    z.strictObject({ email }),
    z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }),
    connect,
  ),
  CONNECT_DEVICE: row(noParams, noResult, connect),
  /**
   * The code mailed by CONNECT_EMAIL is typed in the frame's own prompt (`login_code`), never in the page:
   * the request carries no code. It resolves once the frame's server accepted a code and the wallet is set
   * up; the person's Cancel rejects it with 4001. Wrong codes and resends stay inside the prompt.
   */
  CONNECT_OTP: row(noParams, noResult, connect),
  /**
   * `uri`: the "done" URI the social login's callback handed to the page (`/social/done?ticket=…` on the
   * frame's origin, frame-api/social.ts); the frame redeems its ticket with this device's key.
   */
  CONNECT_SOCIAL: row(
    z.strictObject({
      uri: httpUrl,
      preferredAccountType: z.optional(accountType),
      chainId: z.optional(chainIdInput),
    }),
    user,
    connect,
  ),
  GET_FARCASTER_URI: row(noParams, z.object({ url: farcasterConnectUrl }), {
    timeoutMs: NETWORK_TIMEOUT_MS,
    needsSession: false,
    alertOnTimeout: false,
  }),
  CONNECT_FARCASTER: row(noParams, z.object({ userName: z.string() }), {
    timeoutMs: FARCASTER_TIMEOUT_MS,
    needsSession: false,
    alertOnTimeout: false,
  }),
  GET_USER: row(
    z.strictObject({ chainId: z.optional(chainIdInput), preferredAccountType: z.optional(accountType) }),
    user,
    withSession,
  ),
  /**
   * The provider's authorization URL for the popup the parent opened on the person's press. With `returnTo`
   * (a URL on the parent's own origin) the login comes back there by a full-page redirect instead: the
   * fallback when the popup was blocked (spec §4).
   */
  GET_SOCIAL_REDIRECT_URI: row(
    z.strictObject({ provider: socialProvider, returnTo: z.optional(httpUrl) }),
    z.object({ uri: httpUrl }),
    connect,
  ),
  /**
   * The tokens the account keeps (`wallet_watchAsset`), on `chainId` or on every chain: the frame asks its
   * server, so the wallet views list them with the dApp's own.
   */
  GET_WATCHED_TOKENS: row(
    z.strictObject({ chainId: z.optional(chainIdInput) }),
    z.object({
      tokens: z.array(
        z.object({
          chainId: caip2,
          address: evmAddress,
          symbol: z.string().check(z.minLength(1), z.maxLength(11)),
          decimals: z.int().check(z.gte(0), z.lte(36)),
        }),
      ),
    }),
    withSession,
  ),
  SIGN_OUT: row(noParams, noResult, local),
  IS_CONNECTED: row(noParams, z.object({ isConnected: z.boolean() }), local),
  GET_CHAIN_ID: row(noParams, z.object({ chainId: chainIdInput }), local),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: row(
    noParams,
    z.object({ smartAccountEnabledNetworks: z.array(z.int().check(z.positive())) }),
    withSession,
  ),
  INIT_SMART_ACCOUNT: row(noParams, z.object({ address: accountAddress, isDeployed: z.boolean() }), {
    ...withSession,
    timeoutMs: 60_000,
  }),
  SET_PREFERRED_ACCOUNT: row(
    z.strictObject({ type: accountType }),
    z.object({ type: accountType, address: accountAddress }),
    withSession,
  ),
  RPC_REQUEST: row(rpcRequestParams, z.unknown(), {
    timeoutMs: (p) => (classifyRpc(p.method) === 'unsafe' ? APPROVAL_REQUEST_TIMEOUT_MS : NETWORK_TIMEOUT_MS),
    needsSession: true,
    alertOnTimeout: false,
  }),
  UPDATE_EMAIL: row(
    z.strictObject({ newEmail: email }),
    z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
    withSession,
  ),
  /** The current address's code, typed in the frame's prompt (`current_email_code`), as CONNECT_OTP. */
  UPDATE_EMAIL_PRIMARY_OTP: row(noParams, noResult, withSession),
  /** The new address's code, typed in the frame's prompt (`new_email_code`), as CONNECT_OTP. */
  UPDATE_EMAIL_SECONDARY_OTP: row(noParams, z.object({ newEmail: email }), withSession),
  SYNC_THEME: row(syncThemeParams, noResult, local),
  SYNC_DAPP_DATA: row(
    z.strictObject({
      metadata: z.optional(
        z.object({
          name: z.string().check(z.minLength(1), z.maxLength(128)),
          description: z.optional(z.string().check(z.maxLength(1024))),
          url: httpUrl,
          icons: z.array(httpUrl).check(z.maxLength(8)),
        }),
      ),
      sdkVersion: z.string().check(z.minLength(1), z.maxLength(64)),
      sdkType: z.enum(['keyframe']),
      projectId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid projectId')),
    }),
    noResult,
    local,
  ),
  RELOAD: row(noParams, noResult, local),
  RPC_ABORT: row(z.strictObject({ id: requestId }), z.object({ aborted: z.boolean() }), {
    ...local,
    timeoutMs: 5_000,
  }),
} as const satisfies Record<string, RequestDefinition>

export type Requests = typeof requests
export type RequestType = keyof Requests
/** Params a caller passes (before defaults). */
export type RequestParams<T extends RequestType> = z.input<Requests[T]['params']>
/** Params a handler receives (after parsing). */
export type ParsedParams<T extends RequestType> = z.output<Requests[T]['params']>
/** Result a handler returns and a caller receives. */
export type RequestResult<T extends RequestType> = z.output<Requests[T]['result']>

/** Every request type, derived from the table. */
export const REQUEST_TYPES = Object.keys(requests) as RequestType[]

export function isRequestType(type: unknown): type is RequestType {
  return typeof type === 'string' && Object.hasOwn(requests, type)
}

/** The timeout of one request, from the table. */
export function timeoutFor<T extends RequestType>(type: T, params: ParsedParams<T>): number {
  const t = requests[type].timeoutMs as number | ((p: ParsedParams<T>) => number)
  return typeof t === 'function' ? t(params) : t
}
