/**
 * Sign In With Farcaster in the frame (spec §4, `frame-api/farcaster.ts`): GET_FARCASTER_URI opens a relay
 * channel for this device key, CONNECT_FARCASTER waits for a Farcaster client to sign in on it. The server
 * checks the signature; the frame only ever polls with its own device key. Loaded on the first Farcaster
 * request (`bridge/handlers.ts`), which hands it the entry's parts it uses (`loginKit.ts`): the frame's
 * first load carries none of it.
 * @module
 */
import type { RequestResult } from '@keyframe/protocol'
import type { RequestContext } from '../bridge/context.ts'
import type { LoginKit } from './loginKit.ts'
import { sleep } from './sleep.ts'

/** How often CONNECT_FARCASTER asks whether the Farcaster client signed in. */
export const FARCASTER_POLL_MS = 1_000

/** GET_FARCASTER_URI: the `farcaster://connect` URI the parent shows as a QR. */
export async function getFarcasterUri(
  _params: unknown,
  ctx: RequestContext,
  { accountOf, devicePublicKey, thisDevice, warmUpLogin }: LoginKit,
): Promise<RequestResult<'GET_FARCASTER_URI'>> {
  const account = accountOf(ctx, 'GET_FARCASTER_URI')
  // The person is about to scan and sign in their Farcaster client; setting up the wallet follows.
  warmUpLogin(account)
  const device = await thisDevice(account)
  const { body } = await account.api.call('startFarcasterLogin', {
    body: { projectId: ctx.projectId, devicePublicKey: devicePublicKey(device) },
    signal: ctx.signal,
  })
  return { url: body.url }
}

/**
 * CONNECT_FARCASTER: polls until the server verified the client's signature (or the parent aborts the
 * request: its timeout, a closed view), then sets up the wallet as any login does.
 */
export async function connectFarcaster(
  _params: unknown,
  ctx: RequestContext,
  { accountOf, devicePublicKey, establishSession, thisDevice }: LoginKit,
): Promise<RequestResult<'CONNECT_FARCASTER'>> {
  const account = accountOf(ctx, 'CONNECT_FARCASTER')
  const device = await thisDevice(account)
  const body = { projectId: ctx.projectId, devicePublicKey: devicePublicKey(device) }
  for (;;) {
    const answer = await account.api.call('connectFarcaster', { body, signal: ctx.signal })
    if (!('status' in answer.body)) {
      await establishSession(ctx, answer.body)
      // A fid without a registered name has no username; the login stands all the same.
      return { userName: answer.body.userName ?? '' }
    }
    await sleep(FARCASTER_POLL_MS, ctx.signal)
  }
}
