/**
 * Social and Farcaster login (SPEC §3–§4, issue 17), loaded on demand: the `@keyframe/sdk` entry exports
 * same-named wrappers (`socialOnDemand.ts`) that `import()` this module, and the Connect view fetches it on
 * the press, so none of it is in the pre-open code (`budget.test.ts`); the social views import it directly.
 *
 * A social login: the popup opened in the press (`kf._internal.openSocialPopup`) goes to the provider's authorization URL
 * (GET_SOCIAL_REDIRECT_URI); the frame server's callback posts `{ type: SOCIAL_RESULT_MESSAGE, uri }` to this
 * page, which takes it only from that popup on the frame's origin; CONNECT_SOCIAL redeems the URI's one-time
 * ticket. With the popup blocked the page itself goes to the provider and comes back with the URI in its
 * fragment (`resumeSocialLogin`).
 * @module
 */
import {
  RequestTimeoutError,
  SOCIAL_PROVIDERS,
  SOCIAL_RESULT_MESSAGE,
  SOCIAL_RETURN_PARAM,
  type SocialProvider,
  UserRejectedRequestError,
} from '@keyframe/protocol/core'
import * as z from 'zod/mini'
import type { FrameClient } from '../frame/createFrameClient.ts'
import { finishConnect, optionsOf } from './connection.ts'
import type { Keyframe } from './createKeyframe.ts'
import { defineRuntime } from './runtime.ts'
import { watchSelected } from './watch.ts'

/** The social login under way or last tried (the ConnectingSocial view). */
export type SocialLogin = {
  readonly provider: SocialProvider
  /**
   * `connecting`: the popup (or the frame) is at work; `redirecting`: the popup was blocked, the page goes to
   * the provider; `failed`: `error` says why; `connected`: done.
   */
  readonly status: 'connecting' | 'redirecting' | 'failed' | 'connected'
  readonly error?: unknown
}

export type ConnectSocialParameters = {
  /** google, github, apple, facebook, x or discord. */
  provider: SocialProvider
  /** Aborts the login (its popup closes, the frame is told). */
  signal?: AbortSignal
}

/** Where the redirect fallback keeps which login it started, for the page it comes back to. */
export const SOCIAL_PENDING_KEY = 'keyframe-social-pending'
/** How often the popup is checked for having been closed by the person. */
const CLOSED_POLL_MS = 250

/** What the popup posts to its opener; anything else on the channel is not ours. */
const socialResult = z.object({ type: z.literal(SOCIAL_RESULT_MESSAGE), uri: z.string() })
const socialPending = z.object({ provider: z.enum(SOCIAL_PROVIDERS) })

type Runtime = { attempt: number; controller: AbortController | undefined; popup: Window | null }

const SOCIAL = defineRuntime<Runtime>('social', () => ({ attempt: 0, controller: undefined, popup: null }))

function setSocialLogin(kf: Keyframe, socialLogin: SocialLogin) {
  kf._internal.store.setState({ socialLogin })
}

/** The social login under way or last tried. @internal */
export function getSocialLogin(kf: Keyframe): SocialLogin | undefined {
  return kf.getState().socialLogin
}

/** Calls `onChange` when the social login's state changes. Returns the unsubscribe. @internal */
export function watchSocialLogin(kf: Keyframe, parameters: { onChange(): void }): () => void {
  return watchSelected(kf, getSocialLogin, () => parameters.onChange())
}

/** Ends the social login under way, if any: its popup closes and its requests are aborted. @internal */
export function cancelSocialLogin(kf: Keyframe) {
  const runtime = kf._internal.runtime(SOCIAL)
  runtime.attempt++
  runtime.controller?.abort()
  runtime.controller = undefined
  runtime.popup?.close()
  runtime.popup = null
}

/**
 * Runs one attempt of a social login: an older one is cancelled, the state follows this one (`run` resolves
 * with where it ended), and a failure of the attempt still current is recorded (a cancelled one's is not)
 * before it is thrown.
 */
async function attempt(
  kf: Keyframe,
  start: { provider: SocialProvider; popup: Window | null; status: SocialLogin['status'] },
  signal: AbortSignal | undefined,
  run: (signal: AbortSignal) => Promise<'connected' | 'redirecting'>,
) {
  const { provider, popup, status } = start
  cancelSocialLogin(kf)
  const runtime = kf._internal.runtime(SOCIAL)
  const current = runtime.attempt
  const controller = new AbortController()
  runtime.controller = controller
  runtime.popup = popup
  if (signal?.aborted) controller.abort()
  signal?.addEventListener('abort', () => controller.abort(), { once: true })
  setSocialLogin(kf, { provider, status })
  try {
    const ended = await run(controller.signal)
    if (current === runtime.attempt) setSocialLogin(kf, { provider, status: ended })
  } catch (error) {
    if (current === runtime.attempt) {
      popup?.close()
      runtime.popup = null
      setSocialLogin(kf, { provider, status: 'failed', error })
    }
    throw error
  } finally {
    if (runtime.controller === controller) runtime.controller = undefined
  }
}

/**
 * The popup's result: the "done" URI it posts, taken only from `popup` itself on the frame's origin (any other
 * window, or a page of another origin in it, may post anything). Rejects when the person closes the popup
 * first: 'The login window was closed'.
 */
export function waitForSocialResult(
  popup: Window,
  frameOrigin: string,
  signal: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let closedPolls = 0
    // Closed on two polls in a row: a result posted just before the popup closed itself is read first.
    const timer = setInterval(() => {
      if (!popup.closed) closedPolls = 0
      else if (++closedPolls === 2)
        end(() => reject(new UserRejectedRequestError('The login window was closed')))
    }, CLOSED_POLL_MS)
    function onMessage(event: MessageEvent) {
      if (event.source !== popup || event.origin !== frameOrigin) return
      const result = socialResult.safeParse(event.data)
      if (result.success) end(() => resolve(result.data.uri))
    }
    const onAbort = () => end(() => reject(signal.reason))
    function end(settle: () => void) {
      clearInterval(timer)
      window.removeEventListener('message', onMessage)
      signal.removeEventListener('abort', onAbort)
      settle()
    }
    window.addEventListener('message', onMessage)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

/** CONNECT_SOCIAL with the done URI, then the account is read and connected (the modal closes). */
async function redeem(
  kf: Keyframe,
  frame: FrameClient,
  provider: SocialProvider,
  uri: string,
  signal: AbortSignal,
) {
  try {
    await frame.request('CONNECT_SOCIAL', { uri }, optionsOf(signal))
  } catch (error) {
    // SPEC §8: the frame client has called `onTimeout` already; the socials-timeout alert goes with it.
    if (error instanceof RequestTimeoutError) {
      kf._internal.alert({
        code: 'SOCIALS_TIMEOUT',
        message: `Keyframe: the ${provider} login got no answer from the frame within 30 seconds.`,
      })
    }
    throw error
  }
  await finishConnect(kf, frame, signal, provider)
}

/**
 * A social login with the popup `kf._internal.openSocialPopup` opened in the person's press (null: blocked, and the page
 * goes to the provider instead). The Connect view, the ConnectingSocial view and the entry's `connectSocial`
 * open the popup, then call this. @internal
 */
export function runSocialLogin(
  kf: Keyframe,
  provider: SocialProvider,
  popup: Window | null,
  signal?: AbortSignal,
): Promise<void> {
  const status = popup ? 'connecting' : 'redirecting'
  return attempt(kf, { provider, popup, status }, signal, async (signal) => {
    const frame = await kf.frame()
    if (!popup) {
      // The frame checks `returnTo` is on this page's origin; the fragment is where the login comes back.
      const returnTo = location.href.split('#')[0] as string
      const { uri } = await frame.request('GET_SOCIAL_REDIRECT_URI', { provider, returnTo }, { signal })
      sessionStorage.setItem(SOCIAL_PENDING_KEY, JSON.stringify({ provider }))
      location.assign(uri)
      return 'redirecting'
    }
    const { uri } = await frame.request('GET_SOCIAL_REDIRECT_URI', { provider }, { signal })
    popup.location.href = uri
    const done = await waitForSocialResult(popup, new URL(kf._internal.frameUrl).origin, signal)
    await redeem(kf, frame, provider, done, signal)
    return 'connected'
  })
}

/**
 * Logs in with a social account: a popup on the frame's origin takes the person to the provider, and once
 * they allow it the embedded wallet connects (new wallet on the first login, the same one after), the login
 * cache keeps the social username, and an open modal closes (SPEC §2, §4). Call it in a click handler: the
 * popup opens before anything is awaited. Where the browser blocks it, the page goes to the provider and
 * the login finishes when it comes back (`createKeyframe` resumes it in the modal).
 * @throws {UserRejectedRequestError} 'The login window was closed' before the login finished.
 * @throws {ProtocolError} the frame's refusal in its words: 'The login was declined', 'The login expired.
 * Please try again.', 'Login with {Provider} is not enabled for this project', …
 * @throws {RequestTimeoutError} no answer within 30 s (the dApp's `onTimeout` and a 'SOCIALS_TIMEOUT' alert).
 * @example
 * import { connectSocial } from '@keyframe/sdk'
 * button.onclick = () => connectSocial(kf, { provider: 'github' })
 */
export function connectSocial(kf: Keyframe, parameters: ConnectSocialParameters): Promise<void> {
  const { provider, signal } = parameters
  return runSocialLogin(kf, provider, kf._internal.openSocialPopup(provider), signal)
}

/**
 * On a page the redirect fallback came back to (`#keyframe-social=<done URI>`): removes the fragment from
 * the address, opens the modal on ConnectingSocial and finishes the login. Only a login this tab started (its
 * provider kept in sessionStorage) is resumed; any other such fragment is only removed. @internal
 */
export async function resumeSocialLogin(kf: Keyframe): Promise<void> {
  const prefix = `#${SOCIAL_RETURN_PARAM}=`
  const { hash, href } = location
  if (!hash.startsWith(prefix)) return
  history.replaceState(history.state, '', href.split('#')[0])
  try {
    const { provider } = socialPending.parse(JSON.parse(sessionStorage.getItem(SOCIAL_PENDING_KEY) ?? ''))
    sessionStorage.removeItem(SOCIAL_PENDING_KEY)
    const uri = decodeURIComponent(hash.slice(prefix.length))
    setSocialLogin(kf, { provider, status: 'connecting' })
    await kf.open({ view: 'ConnectingSocial' })
    await attempt(kf, { provider, popup: null, status: 'connecting' }, undefined, async (signal) => {
      await redeem(kf, await kf.frame(), provider, uri, signal)
      return 'connected'
    })
  } catch {
    // No login of this tab to resume (nothing pending, or a malformed one); a failed one shows in the view.
  }
}

/**
 * Logs in with Farcaster (Sign In With Farcaster): the frame opens a channel on the Farcaster relay and
 * hands its `farcaster://connect` URI to `onUri` (show it as a QR code, or as a link on a phone); once the
 * person approves in a Farcaster client the embedded wallet connects with their Farcaster username, and an
 * open modal closes. Waits up to 5 minutes.
 * @throws {ProtocolError} the frame's refusal in its words, e.g. 'The Farcaster signature is not from the
 * account's custody address'.
 * @example
 * import { connectFarcaster } from '@keyframe/sdk'
 * const { userName } = await connectFarcaster(kf, { onUri: (url) => showQrCode(url) })
 */
export async function connectFarcaster(
  kf: Keyframe,
  parameters: { onUri?: (url: string) => void; signal?: AbortSignal } = {},
): Promise<{ userName: string }> {
  const { onUri, signal } = parameters
  const frame = await kf.frame()
  const { url } = await frame.request('GET_FARCASTER_URI', {}, optionsOf(signal))
  onUri?.(url)
  const { userName } = await frame.request('CONNECT_FARCASTER', {}, optionsOf(signal))
  await finishConnect(kf, frame, signal, 'farcaster')
  return { userName }
}
