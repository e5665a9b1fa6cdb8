/**
 * Every route of the frame API by name: the frame's client calls them by name (`api.call('getSession')`),
 * so the schemas load once with the frame's first script and no later chunk builds its own; the server's
 * contract test and the test harness walk the same list.
 * @module
 */
import { issueDeviceNonce } from './deviceProof.ts'
import { connectFarcaster, startFarcasterLogin } from './farcaster.ts'
import { connectDevice, startEmailLogin, verifyEmailLogin } from './login.ts'
import type { FrameRoute } from './route.ts'
import {
  getSession,
  requestFactor,
  signOut,
  updateEmail,
  verifyFactor,
  verifyPrimaryEmail,
  verifySecondaryEmail,
} from './session.ts'
import { redeemSocialLogin, startSocialLogin } from './social.ts'
import { listWatchedTokens, watchToken } from './tokens.ts'
import {
  listDevices,
  registerWallet,
  releaseDeviceShare,
  releaseRecovery,
  revokeDevice,
  storeDeviceShare,
  storeRecovery,
} from './vault.ts'

export const frameApi = {
  issueDeviceNonce,
  startEmailLogin,
  verifyEmailLogin,
  connectDevice,
  startSocialLogin,
  redeemSocialLogin,
  startFarcasterLogin,
  connectFarcaster,
  getSession,
  signOut,
  requestFactor,
  verifyFactor,
  updateEmail,
  verifyPrimaryEmail,
  verifySecondaryEmail,
  registerWallet,
  storeDeviceShare,
  releaseDeviceShare,
  storeRecovery,
  releaseRecovery,
  listDevices,
  revokeDevice,
  listWatchedTokens,
  watchToken,
} as const satisfies Record<string, FrameRoute>

export type FrameApi = typeof frameApi
export type FrameRouteName = keyof FrameApi

export const FRAME_ROUTES: readonly FrameRoute[] = Object.values(frameApi)

/** The declared route a request goes to, or undefined. */
export function routeOf(method: string, path: string): FrameRoute | undefined {
  return FRAME_ROUTES.find((route) => {
    if (route.method !== method.toUpperCase()) return false
    const pattern = new RegExp(`^${route.path.replace(/\{[A-Za-z]+\}/g, '[^/]+')}$`)
    return pattern.test(path)
  })
}
