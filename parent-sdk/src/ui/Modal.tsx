/** @jsxImportSource preact */
import type { ComponentType, TargetedKeyboardEvent } from 'preact'
import { useId, useLayoutEffect, useRef } from 'preact/hooks'
import type { Keyframe } from '../core/createKeyframe.ts'
import { FRAME_VIEWS } from '../core/frameOverlay.ts'
import { getModalState, watchModalState } from '../core/modal.ts'
import { getFramePrompt, watchFramePrompt } from '../core/prompt.ts'
import type { ViewName } from '../core/router.ts'
import { getToast, watchToast } from '../core/toasts.ts'
import { watchSelected } from '../core/watch.ts'
import { featureOfView } from './account/walletFeatures.ts'
import { activeElementOf, type FocusMemory, focusables, trapTab } from './focus.ts'
import { isLazy, lazyView } from './lazyView.tsx'
import { Toast } from './Toast.tsx'
import { useWatched } from './useWatched.ts'
import { FRAME_PROMPT_TITLES, VIEW_TITLES } from './viewCopy.ts'
import { ApproveTransactionView } from './views/ApproveTransactionView.tsx'
import { ConnectingExternalView } from './views/ConnectingExternalView.tsx'
import { ConnectView } from './views/ConnectView.tsx'
import { EmailVerifyDeviceView } from './views/EmailVerifyDeviceView.tsx'
import { EmailVerifyOtpView } from './views/EmailVerifyOtpView.tsx'
import { FramePromptView } from './views/FramePromptView.tsx'
import { NetworksView } from './views/NetworksView.tsx'
import { UnsupportedChainView } from './views/UnsupportedChainView.tsx'
import { UpdateEmailPrimaryOtpView, UpdateEmailSecondaryOtpView } from './views/UpdateEmailOtpView.tsx'
import { UpdateEmailView } from './views/UpdateEmailView.tsx'

/** The sign-in view, in the chunk of its own: only a dApp with sign-in shows it. */
const SignIn = lazyView(() => import('./features/siwx/SignInView.tsx').then((m) => m.SignInView))

/** The component of each view. */
const VIEW_COMPONENTS: Record<ViewName, ComponentType<{ kf: Keyframe }>> = {
  Connect: ConnectView,
  // Its own chunk (with core/send's balance reading): the Connect view, first for a visitor, goes without it.
  Account: lazyView(() => import('./views/AccountView.tsx').then((m) => m.AccountView)),
  EmailVerifyOtp: EmailVerifyOtpView,
  EmailVerifyDevice: EmailVerifyDeviceView,
  UpdateEmail: UpdateEmailView,
  UpdateEmailPrimaryOtp: UpdateEmailPrimaryOtpView,
  UpdateEmailSecondaryOtp: UpdateEmailSecondaryOtpView,
  FramePrompt: FramePromptView,
  ApproveTransaction: ApproveTransactionView,
  Networks: NetworksView,
  UnsupportedChain: UnsupportedChainView,
  ConnectingExternal: ConnectingExternalView,
  Send: lazyView(() => import('./views/SendView.tsx').then((m) => m.SendView)),
  Receive: lazyView(() => import('./features/receive/ReceiveView.tsx').then((m) => m.ReceiveView)),
  Buy: lazyView(() => import('./features/buy/BuyView.tsx').then((m) => m.BuyView)),
  Swap: lazyView(() => import('./features/swap/SwapView.tsx').then((m) => m.SwapView)),
  RegisterAccountName: lazyView(() =>
    import('./features/names/views.ts').then((m) => m.RegisterAccountNameView),
  ),
  RegisterAccountNameSuccess: lazyView(() =>
    import('./features/names/views.ts').then((m) => m.RegisterAccountNameSuccessView),
  ),
  AllWallets: lazyView(() =>
    import('./features/allWallets/AllWalletsView.tsx').then((m) => m.AllWalletsView),
  ),
  ConnectingWalletConnect: lazyView(() =>
    import('./features/walletconnect/ConnectingWalletConnectView.tsx').then(
      (m) => m.ConnectingWalletConnectView,
    ),
  ),
  ConnectingSocial: lazyView(() =>
    import('./features/social/ConnectingSocialView.tsx').then((m) => m.ConnectingSocialView),
  ),
  ConnectingFarcaster: lazyView(() =>
    import('./features/farcaster/ConnectingFarcasterView.tsx').then((m) => m.ConnectingFarcasterView),
  ),
  // One view for both names: `siwx` shows SIWXSignMessage, `siweConfig` (AppKit's) ConnectingSiwe.
  SIWXSignMessage: SignIn,
  ConnectingSiwe: SignIn,
}

/** Whether `kf` shows `view`: a feature the dApp turned off is not (and its code is never loaded). */
function isOn(kf: Keyframe, view: ViewName): boolean {
  const feature = featureOfView(view)
  return !feature || kf._internal.features[feature]
}

/**
 * Loads the code of `view` if it is a lazily loaded one, so that it renders at once when shown (`open()`
 * resolves with the view on screen). Never rejects: a failed load shows in the view.
 */
export function preloadView(kf: Keyframe, view: ViewName): Promise<void> {
  if (!isOn(kf, view)) return Promise.resolve()
  const View = VIEW_COMPONENTS[view]
  return isLazy(View) ? View.preload() : Promise.resolve()
}

function ViewOf({ view, kf }: { view: ViewName; kf: Keyframe }) {
  // A feature the dApp turned off is never loaded, even when asked for by name (`open({ view: 'Swap' })`).
  if (!isOn(kf, view)) return <p className="kf-note">This is turned off on this site.</p>
  const View = VIEW_COMPONENTS[view]
  return <View kf={kf} />
}

/**
 * The views to render: the one shown, and under a frame view (FramePrompt, ApproveTransaction) the view it
 * was opened over, kept mounted but hidden. That view's request is what the frame asks about (a code that,
 * once accepted, needs the recovery passphrase; a transaction from Send): unmounting the view would abort
 * it (its view signal) and with it the prompt or approval.
 */
function mountedViews(history: readonly ViewName[], view: ViewName): ViewName[] {
  const beneath = history[history.length - 2]
  return FRAME_VIEWS.includes(view) && beneath !== undefined && beneath !== view ? [beneath, view] : [view]
}

const BackIcon = () => (
  <svg viewBox="0 0 20 20" fill="none" aria-hidden="true">
    <path
      d="M12.5 4.5 7 10l5.5 5.5"
      stroke="currentColor"
      stroke-width="1.8"
      stroke-linecap="round"
      stroke-linejoin="round"
    />
  </svg>
)
const CloseIcon = () => (
  <svg viewBox="0 0 20 20" fill="none" aria-hidden="true">
    <path d="m5.5 5.5 9 9m0-9-9 9" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" />
  </svg>
)

/** Whether a sign-in is under way: the embedded wallet's approval over it is titled as the sign-in. */
const getSigningIn = (kf: Keyframe) => kf.getState().siwx?.status === 'signing'
const watchSigningIn = (kf: Keyframe, { onChange }: { onChange(): void }) =>
  watchSelected(kf, getSigningIn, () => onChange())

/** The modal: backdrop, a labelled dialog card (header, view, toasts). Renders nothing while closed. */
export function Modal({ kf, focus }: { kf: Keyframe; focus: FocusMemory }) {
  const { isOpen, view, history } = useWatched(kf, watchModalState, getModalState)
  const toast = useWatched(kf, watchToast, getToast)
  const prompt = useWatched(kf, watchFramePrompt, getFramePrompt)
  const signingIn = useWatched(kf, watchSigningIn, getSigningIn)
  const titleId = useId()
  const cardRef = useRef<HTMLDivElement>(null)
  const pressedBackdrop = useRef(false)
  const { goBack, isCloseDisabled } = kf._internal
  const closeDisabled = isOpen && isCloseDisabled()
  // The frame is shown over a frame view's body but lives outside this dialog in the page (it cannot move
  // without reloading): `aria-modal` would hide it from assistive technology, so those views go without.
  const frameView = FRAME_VIEWS.includes(view)

  // Remember what had focus when the modal opened, and give it back when the modal closes or goes away.
  useLayoutEffect(() => {
    if (!isOpen) return
    const active = document.activeElement
    focus.opener = active instanceof HTMLElement && active !== document.body ? active : null
    return () => focus.restore()
  }, [isOpen, focus])

  // On open and on every view change, focus lands on the first control of the dialog (unless it is inside).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the view changes
  useLayoutEffect(() => {
    const card = cardRef.current
    if (!isOpen || !card) return
    const active = activeElementOf(card)
    // The first control is at the top of the card, in view: no scroll (and no forced layout) needed.
    if (!active || !card.contains(active) || active === card)
      (focusables(card)[0] ?? card).focus({ preventScroll: true })
  }, [isOpen, view])

  if (!isOpen) return null

  function onKeyDown(event: TargetedKeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      kf.close()
    } else if (cardRef.current) {
      trapTab(event, cardRef.current)
    }
  }

  return (
    // The backdrop is a pointer convenience; keyboard users close with Esc or the Close button.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    <div
      className="kf-overlay"
      onKeyDown={onKeyDown}
      onMouseDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget
      }}
      onClick={(event) => {
        if (pressedBackdrop.current && event.target === event.currentTarget) kf.close()
        pressedBackdrop.current = false
      }}
    >
      <div
        ref={cardRef}
        className="kf-card"
        role="dialog"
        aria-modal={frameView ? undefined : 'true'}
        aria-labelledby={titleId}
        tabIndex={-1}
        data-view={view}
      >
        <header className="kf-header">
          {/* No Back from a frame view: the frame's own Cancel or Reject is the way out. Keyed: Preact would
              otherwise take the focused Close button's element for a Back that appears before it. */}
          {history.length > 1 && !frameView ? (
            <button key="back" type="button" className="kf-icon-button" aria-label="Back" onClick={goBack}>
              <BackIcon />
            </button>
          ) : (
            <span key="back" />
          )}
          <h2 className="kf-title" id={titleId}>
            {view === 'FramePrompt' && prompt.open
              ? FRAME_PROMPT_TITLES[prompt.kind]
              : view === 'ApproveTransaction' && signingIn
                ? VIEW_TITLES.SIWXSignMessage
                : VIEW_TITLES[view]}
          </h2>
          <button
            key="close"
            type="button"
            className="kf-icon-button"
            aria-label="Close"
            disabled={closeDisabled}
            onClick={() => kf.close()}
          >
            <CloseIcon />
          </button>
        </header>
        <div className="kf-body">
          {mountedViews(history, view).map((name) => (
            // `display: contents` keeps each view's own layout in the body's flex column.
            <div key={name} hidden={name !== view} style={{ display: name === view ? 'contents' : 'none' }}>
              <ViewOf view={name} kf={kf} />
            </div>
          ))}
        </div>
        <div className="kf-toasts" role="status" aria-live="polite">
          {toast && <Toast key={toast.id} toast={toast} />}
        </div>
      </div>
    </div>
  )
}
