/** @jsxImportSource preact */
import { useLayoutEffect, useRef } from 'preact/hooks'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import {
  cancelSocialLogin,
  getSocialLogin,
  runSocialLogin,
  watchSocialLogin,
} from '../../../core/socialActions.ts'
import { errorText } from '../../errorText.ts'
import { SocialIcon } from '../../socialIcons.tsx'
import { useRefocus } from '../../useRefocus.ts'
import { useWatched } from '../../useWatched.ts'
import { SOCIAL_LABELS } from '../../viewCopy.ts'

/** The provider's mark in the view's tile; shipped in this view's chunk. */
const socialStyles = /* css */ `
.kf-social-hero { display: flex; align-items: center; justify-content: center; }
.kf-social-hero .kf-social-icon { width: 40px; height: 40px; }
`

/**
 * ConnectingSocial: the provider's login runs in the popup (or the page went to it and came back). "Continue
 * with {Provider}" while it runs; the frame's refusal or 'The login window was closed' with "Try again" (a
 * new popup, opened in that press); reaching a connection closes the modal (SPEC §2). Leaving the view
 * (back, close) ends the login and closes its popup.
 */
export function ConnectingSocialView({ kf }: { kf: Keyframe }) {
  const login = useWatched(kf, watchSocialLogin, getSocialLogin)
  const root = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => () => cancelSocialLogin(kf), [kf])
  useRefocus(root, login?.status ?? 'none')

  if (!login) {
    return (
      <div className="kf-stack">
        <p className="kf-note">No login chosen.</p>
        <button type="button" className="kf-button kf-block" onClick={() => kf._internal.resetTo('Connect')}>
          Choose a login
        </button>
      </div>
    )
  }
  const { provider, status } = login
  const name = SOCIAL_LABELS[provider]
  // The popup opens in this press, before anything is awaited.
  const retry = () =>
    void runSocialLogin(kf, provider, kf._internal.openSocialPopup(provider)).catch(() => {})
  return (
    <div ref={root} className="kf-stack kf-connecting" data-status={status} tabIndex={-1}>
      <style>{socialStyles}</style>
      <span className="kf-connecting-icon kf-social-hero" aria-hidden="true">
        <SocialIcon social={provider} size={40} />
      </span>
      <p className="kf-text">
        <strong>Continue with {name}</strong>
      </p>
      {status === 'connecting' && (
        <p className="kf-waiting" role="status">
          <span className="kf-spinner" aria-hidden="true" />
          Continue in the login window
        </p>
      )}
      {status === 'redirecting' && (
        <p className="kf-waiting" role="status">
          <span className="kf-spinner" aria-hidden="true" />
          Taking you to {name}…
        </p>
      )}
      {status === 'connected' && (
        <p className="kf-text" role="status">
          <strong>Connected</strong>
        </p>
      )}
      {status === 'failed' && (
        <>
          <p className="kf-error" role="alert">
            {errorText(login.error)}
          </p>
          <button type="button" className="kf-button kf-primary kf-block" onClick={retry}>
            Try again
          </button>
        </>
      )}
    </div>
  )
}
