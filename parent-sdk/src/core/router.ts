/**
 * The modal's views and its history (SPEC §2), as pure functions over an immutable history.
 * @module
 */

/**
 * Every view of the modal: the spec's (§2), the e-mail login and e-mail update steps (`EmailVerifyOtp`,
 * `EmailVerifyDevice`, `UpdateEmail`, `UpdateEmailPrimaryOtp`, `UpdateEmailSecondaryOtp`), the frame's own
 * prompt shown in the modal (`FramePrompt`: a recovery passphrase only the frame may see), the network list
 * (`Networks`), the wallet features (`Send`, `Receive`, `Swap`, `Buy`), the social login's popup or
 * redirect (`ConnectingSocial`) and the wallet catalogue (`AllWallets`).
 */
export const VIEWS = [
  'Connect',
  'ConnectingSiwe',
  'ConnectingFarcaster',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'UnsupportedChain',
  'Account',
  'SIWXSignMessage',
  'ApproveTransaction',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'UpdateEmail',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
  'FramePrompt',
  'Networks',
  'Send',
  'Receive',
  'Swap',
  'Buy',
  'ConnectingSocial',
  'AllWallets',
] as const

/** A view of the modal. */
export type ViewName = (typeof VIEWS)[number]

/** The view the modal opens on when none is asked for (SPEC §2). */
export const DEFAULT_VIEW: ViewName = 'Connect'

/** Views visited since the modal opened, oldest first; the last one is shown. Never empty. */
export type ViewHistory = readonly [ViewName, ...ViewName[]]

/** What a back navigation does: show an earlier view, or close the modal. */
export type BackResult = { close: true } | { close: false; history: ViewHistory }

export function isView(value: unknown): value is ViewName {
  return typeof value === 'string' && (VIEWS as readonly string[]).includes(value)
}

/** A history holding only `view`, as when the modal opens. */
export function reset(view: ViewName = DEFAULT_VIEW): ViewHistory {
  return [view]
}

/** Shows `view` on top of the history. Pushing the view already shown changes nothing. */
export function push(history: ViewHistory, view: ViewName): ViewHistory {
  return current(history) === view ? history : [...history, view]
}

/** Shows `view` in place of the current one. */
export function replace(history: ViewHistory, view: ViewName): ViewHistory {
  return [...history.slice(0, -1), view] as unknown as ViewHistory
}

/**
 * Goes one view back. SPEC §2: back navigation closes the modal when the history holds one view or
 * contains UnsupportedChain (a wrong network is not something to step back into).
 */
export function goBack(history: ViewHistory): BackResult {
  if (history.length <= 1 || history.includes('UnsupportedChain')) return { close: true }
  return { close: false, history: history.slice(0, -1) as unknown as ViewHistory }
}

/** The view shown. */
export function current(history: ViewHistory): ViewName {
  return history[history.length - 1] as ViewName
}

/** The views the close control is disabled in while sign-in is required and no session exists. */
const SIGN_IN_VIEWS: readonly ViewName[] = ['SIWXSignMessage', 'ConnectingSiwe', 'ApproveTransaction']

/**
 * SPEC §2: the close control is disabled in the sign-message views (SIWXSignMessage, and ConnectingSiwe of
 * the `siweConfig` option) or the approve-transaction view when sign-in is required and no session exists.
 */
export function isCloseDisabled(view: ViewName, signIn: { required: boolean; hasSession: boolean }): boolean {
  return SIGN_IN_VIEWS.includes(view) && signIn.required && !signIn.hasSession
}
