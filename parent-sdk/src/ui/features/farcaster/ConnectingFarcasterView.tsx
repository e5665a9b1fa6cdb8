/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact'
import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import { connectFarcaster } from '../../../core/socialActions.ts'
import { copyLink } from '../../copyLink.ts'
import { errorText } from '../../errorText.ts'
import { QrCode } from '../../qr/QrCode.tsx'
import { useRefocus } from '../../useRefocus.ts'
import { isTouchViewport } from '../walletconnect/touch.ts'

/**
 * Holds the QR code's place while the URI is on its way: the size of a `farcaster://connect` URI's code, so
 * nothing moves when it appears. Shipped in this view's chunk.
 */
const farcasterStyles = /* css */ `
.kf-fc { align-items: stretch; }
.kf-fc-box {
  align-self: center; display: flex; align-items: center; justify-content: center;
  width: 232px; height: 232px; border-radius: 12px; background: var(--kf-surface);
}
.kf-fc a.kf-button { text-decoration: none; }
.kf-fc .kf-waiting { margin: 0; }
`

/**
 * ConnectingFarcaster: the frame's `farcaster://connect` URI as a QR code to scan with a Farcaster app, "Copy
 * link", and on a phone an "Open Farcaster" link; "Waiting for Farcaster" until the person approves there.
 * The frame's refusal shows in its words with "Try again" (a new URI). Reaching a connection closes the
 * modal (SPEC §2); leaving the view stops waiting.
 */
export function ConnectingFarcasterView({ kf }: { kf: Keyframe }) {
  const [url, setUrl] = useState<string>()
  const [error, setError] = useState<unknown>()
  const [run, setRun] = useState(0)
  const [touch] = useState(isTouchViewport)
  const root = useRef<HTMLDivElement>(null)
  const phase = error !== undefined ? 'failed' : url ? 'waiting' : 'preparing'
  useRefocus(root, phase)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` starts a new attempt (Try again)
  useLayoutEffect(() => {
    const controller = new AbortController()
    setUrl(undefined)
    setError(undefined)
    connectFarcaster(kf, { onUri: setUrl, signal: controller.signal }).catch((cause: unknown) => {
      if (!controller.signal.aborted) setError(cause)
    })
    return () => controller.abort()
  }, [kf, run])

  let body: ComponentChildren
  if (error !== undefined) {
    body = (
      <>
        <p className="kf-error" role="alert">
          {errorText(error)}
        </p>
        <button type="button" className="kf-button kf-primary kf-block" onClick={() => setRun((n) => n + 1)}>
          Try again
        </button>
      </>
    )
  } else if (!url) {
    body = (
      <div className="kf-fc-box" role="status" aria-label="Preparing the login">
        <span className="kf-spinner" aria-hidden="true" />
      </div>
    )
  } else {
    body = (
      <>
        <QrCode text={url} label="QR code to log in with Farcaster" />
        <p className="kf-text">Scan with your phone's camera or the Farcaster app, then approve the login.</p>
        <p className="kf-waiting" role="status">
          <span className="kf-spinner" aria-hidden="true" />
          Waiting for Farcaster
        </p>
        {touch && (
          <a className="kf-button kf-primary kf-block" href={url}>
            Open Farcaster
          </a>
        )}
        <button type="button" className="kf-button kf-block" onClick={() => void copyLink(kf, url)}>
          Copy link
        </button>
      </>
    )
  }
  return (
    <div ref={root} className="kf-stack kf-fc" data-status={phase} tabIndex={-1}>
      <style>{farcasterStyles}</style>
      {body}
    </div>
  )
}
