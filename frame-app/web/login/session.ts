/**
 * The frame's session: restoring it from this storage partition, establishing it after a verified login,
 * reading the user, and signing out.
 * @module
 */
import type { RequestResult, RequestType } from '@keyframe/protocol'
import { NotAvailableError } from '@keyframe/protocol/core'
import type { LoginResponse } from '@keyframe/protocol/frame-api/login'
import type { AccountServices, BridgeContext, RequestContext } from '../bridge/context.ts'
import { findChain } from '../rpc/chains.ts'
import { moveToChain } from '../rpc/switchNetwork.ts'
import type { Device } from '../wallet/deviceStore.ts'

/** The account services, or 4200 for `type` in a frame built without them. */
export function accountOf(ctx: BridgeContext, type: RequestType): AccountServices {
  if (!ctx.account) throw new NotAvailableError(type)
  return ctx.account
}

/** This storage partition's device, created on first use (one per partition, whatever the tabs). */
export async function thisDevice(account: AccountServices): Promise<Device> {
  const store = await account.devices()
  return (await store.getDevice()) ?? (await store.createDevice())
}

/** The device's public key as the server knows it: its raw bytes, base64url without padding. */
export function devicePublicKey(device: Device): string {
  let binary = ''
  for (const byte of device.publicKey) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/**
 * Loads the custody chunk and warms up its key derivation, and loads the prompt (a new wallet's passphrase),
 * while a login waits on the person (a mailed code, a provider's page, a Farcaster client): setting up the
 * wallet follows. warmUp works in short tasks of its own, so the request's own work is not held up.
 */
export function warmUpLogin(account: AccountServices): void {
  account
    .custody()
    .then((custody) => custody.warmUp())
    .catch(() => {})
  account.prompt().catch(() => {})
}

/**
 * After the server verified a login (a code, a device approval, a social or Farcaster login): keeps the token (plain-http localhost
 * only), sets up or checks the wallet for this storage, then holds the session and tells the parent.
 */
export async function establishSession(ctx: RequestContext, login: LoginResponse): Promise<void> {
  const account = accountOf(ctx, 'CONNECT_OTP')
  if (login.token) account.tokens.set(login.token)
  const [custody, store, device] = await Promise.all([
    account.custody(),
    account.devices(),
    thisDevice(account),
  ])
  const wallet = await custody.setUpWallet({
    login,
    api: account.api,
    store,
    device,
    prompt: account.prompt,
    authShares: ctx.rpc.authShares,
    signal: ctx.signal,
  })
  ctx.state.login = null
  ctx.state.session = {
    email: login.email,
    userName: login.userName,
    socialProvider: login.socialProvider,
    ...wallet,
    deviceId: login.device.id,
    handle: crypto.randomUUID(),
  }
  ctx.emit('SESSION_UPDATE', { token: ctx.state.session.handle })
  preloadSigning()
}

/**
 * Picks the session back up from this storage partition (a reload, a new tab): the server still knows
 * it, its device is verified, the account has a wallet and this storage holds that wallet's device share.
 * @returns whether a session is now held.
 */
export async function restoreSession(ctx: BridgeContext, signal?: AbortSignal): Promise<boolean> {
  const account = accountOf(ctx, 'IS_CONNECTED')
  const { body } = await account.api.call('getSession', signal ? { signal } : {})
  if (!body.isConnected) {
    account.tokens.clear()
    return false
  }
  const { user, walletId, deviceId } = body
  if (!body.deviceVerified || !deviceId || !walletId || !user.address) return false
  const store = await account.devices()
  const device = await store.getDevice()
  if (!device) return false
  const share = await store.loadDeviceShare({ walletId, deviceId: device.deviceId }).catch(() => undefined)
  if (!share) return false
  share.fill(0)
  ctx.state.session = {
    email: user.email,
    userName: user.userName,
    socialProvider: user.socialProvider,
    walletId,
    deviceId,
    address: user.address,
    solanaAddress: user.solanaAddress,
    handle: crypto.randomUUID(),
  }
  preloadSigning()
  return true
}

/**
 * Loads the code of a signature (the RPC modules, the approval screen) once a session is held, while
 * nothing waits for it, so that the first approval of a page is as quick as the later ones. Never fails:
 * a request loads what is missing itself.
 */
function preloadSigning(): void {
  import('../rpc/rpcRequest.ts').then(
    (rpc) => rpc.preloadSigning(),
    () => {},
  )
}

/** IS_CONNECTED: a session held, or one restored from this storage. */
export async function isConnected(ctx: RequestContext): Promise<RequestResult<'IS_CONNECTED'>> {
  if (ctx.state.session) return { isConnected: true }
  if (!ctx.account) return { isConnected: false }
  return { isConnected: await restoreSession(ctx, ctx.signal) }
}

/**
 * GET_USER (spec §3 'Results: user'). A `chainId` moves the frame to that network as SWITCH_NETWORK does
 * (CHAIN_CHANGED only when it changed), if it is one of the configured chains. Any other chain leaves the
 * network as it is and is no error: the parent sends its own current network, and it may list chains the
 * frame does not sign on; failing the user read would fail the login over it. The answer's `chainId` says
 * where the frame is.
 */
export function getUser(
  params: { chainId?: string | number | undefined },
  ctx: RequestContext,
): RequestResult<'GET_USER'> {
  const session = ctx.state.session
  if (!session) throw new NotAvailableError('GET_USER')
  const chain = params.chainId === undefined ? undefined : findChain(ctx.chains, params.chainId)
  if (chain) moveToChain(ctx, chain)
  const onSolana = ctx.state.chainId.startsWith('solana:')
  const address = onSolana && session.solanaAddress ? session.solanaAddress : session.address
  return {
    email: session.email,
    address,
    chainId: ctx.state.chainId,
    accounts: [{ address, type: 'eoa' }],
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
    userName: session.userName,
    socialProvider: session.socialProvider,
  }
}

/**
 * SIGN_OUT: the server revokes the session, then the frame forgets it. The device and its share stay in
 * this storage: without a new login's auth share they open nothing, and the next login here needs no
 * recovery.
 */
export async function signOut(ctx: RequestContext): Promise<null> {
  const account = ctx.account
  ctx.state.login = null
  // The released auth shares go with the session (CONNECT_EMAIL ends one here too, not only SIGN_OUT).
  ctx.rpc.authShares.clear()
  if (!account) {
    ctx.state.session = null
    return null
  }
  await account.api.call('signOut', { signal: ctx.signal })
  account.tokens.clear()
  ctx.state.session = null
  return null
}
