/** @jsxImportSource preact */
/**
 * The lazily loaded UI: renders the modal with Preact into a shadow root on `<div data-keyframe-modal>`.
 * Reached only through `open()`'s `import()`, so Preact and the views stay out of the pre-open bundle, and a
 * page without React never loads it (React pages keep their hooks in `@keyframe/sdk/react`, on the same store).
 * The views' effects are layout effects: Preact runs a passive effect, and its cleanup on unmount, after the
 * next paint, where React ran them with the commit; a view's requests start with its render and are aborted
 * as it goes (a stale view's answer must not move or toast the modal).
 * @module
 */
import { options, render } from 'preact'
import { watchAccount } from '../core/account.ts'
import type { Keyframe, ModalUi } from '../core/createKeyframe.ts'
import type { ThemeState } from '../core/theme.ts'
import { getTheme, watchTheme } from '../core/theme.ts'
import { createFocusMemory } from './focus.ts'
import { Modal, preloadView } from './Modal.tsx'
import { styles } from './styles.ts'

/** Mounts the modal of `kf` in `parent` (the page's `<body>`) and renders it once before returning. */
export function mountModal(kf: Keyframe, parent: HTMLElement): ModalUi {
  const host = document.createElement('div')
  host.setAttribute('data-keyframe-modal', '')
  const shadow = host.attachShadow({ mode: 'open' })
  const style = document.createElement('style')
  style.textContent = styles
  // The theme lives on this root element: `data-theme` picks the palette, `themeVariables` override it inline.
  const container = document.createElement('div')
  container.className = 'kf-root'
  shadow.append(style, container)

  let applied: string[] = []
  const applyTheme = ({ themeMode, themeVariables }: ThemeState) => {
    container.setAttribute('data-theme', themeMode)
    for (const name of applied) container.style.removeProperty(name)
    applied = Object.keys(themeVariables)
    for (const name of applied)
      container.style.setProperty(name, String(themeVariables[name as `--${string}`]))
  }
  applyTheme(getTheme(kf))
  const unwatchTheme = watchTheme(kf, { onChange: applyTheme })

  parent.appendChild(host)
  const focus = createFocusMemory()
  // Preact renders synchronously here, layout effects (focus) included.
  render(<Modal kf={kf} focus={focus} />, container)
  // Account is a chunk of its own, off the Connect view's path: fetched once a wallet connects, so opening
  // Account later waits for no code.
  const unwatchAccount = watchAccount(kf, {
    onChange: ({ isConnected }) => void (isConnected && preloadView(kf, 'Account')),
  })

  return {
    commit: renderNow,
    prepare: (view) => preloadView(kf, view),
    unmount() {
      unwatchTheme()
      unwatchAccount()
      host.remove()
      focus.restore()
      // Preact may be mid-render (destroy() called from an effect); let it finish before letting go.
      queueMicrotask(() => render(null, container))
    },
  }
}

/**
 * Runs `change` and renders what it scheduled before returning (Preact's renders otherwise wait for a
 * microtask): `open()` resolves with the view on screen and focus in it. Preact hands its render queue to
 * `options.debounceRendering`; a scheduler of our own, only while `change` runs, keeps that queue's flush
 * and calls it now. Whatever scheduler the page set is put back untouched.
 */
function renderNow(change: () => void) {
  const previous = options.debounceRendering
  let flush: (() => void) | undefined
  options.debounceRendering = (callback) => {
    flush = callback
  }
  try {
    change()
  } finally {
    options.debounceRendering = previous
  }
  flush?.()
}
