/** @jsxImportSource preact */
import { useLayoutEffect, useRef } from 'preact/hooks'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { getFramePrompt, watchFramePrompt } from '../../core/prompt.ts'
import { useWatched } from '../useWatched.ts'
import { focusFrame, frameScreen, placeFrameOver } from './frameSlot.ts'

/**
 * Where the frame shows itself: its usual ~320×400 (the frame's form fits and scrolls if it must). Set as a
 * style object, which Preact applies through the CSSOM, so a dApp CSP without 'unsafe-inline' allows it.
 */
const SLOT_STYLE = {
  height: '400px',
  border: '1px solid var(--kf-border)',
  borderRadius: 'var(--kf-radius-control)',
  background: 'var(--kf-bg)',
} as const

/**
 * FramePrompt: the frame asks for something only it may see (a recovery passphrase, a mailed code). The
 * frame itself is shown over the box below; this page sees nothing typed into it. The way out is the
 * frame's own Cancel (see `core/prompt.ts`), so there is no Back here.
 */
export function FramePromptView({ kf }: { kf: Keyframe }) {
  const slot = useRef<HTMLDivElement>(null)
  const prompt = useWatched(kf, watchFramePrompt, getFramePrompt)
  const iframe = prompt.open ? prompt.iframe : undefined

  useLayoutEffect(() => {
    const box = slot.current
    if (!box || !iframe) return
    return placeFrameOver(iframe, box, { screen: frameScreen(kf) })
  }, [iframe, kf])
  useLayoutEffect(() => focusFrame(iframe), [iframe])

  // Only reached by `open({ view: 'FramePrompt' })` with nothing asked: PROMPT_CLOSED leaves the view.
  if (!iframe) return <p className="kf-note">The wallet is not asking for anything right now.</p>

  return (
    <div className="kf-stack">
      <p className="kf-text">Type it in the secure Keyframe window below. This site cannot see it.</p>
      {/* A focus proxy: Tab from the modal's controls lands here and goes on into the frame. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: see above */}
      <div
        ref={slot}
        className="kf-frame-slot"
        style={SLOT_STYLE}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the focus proxy above
        tabIndex={0}
        onFocus={() => iframe.focus()}
      />
    </div>
  )
}
