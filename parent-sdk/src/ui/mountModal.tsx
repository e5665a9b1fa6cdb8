/**
 * The lazily loaded UI: renders the modal with React into a shadow root on `<div data-keyframe-modal>`.
 * Reached only through `open()`'s `import()`, so React and the views stay out of the pre-open bundle.
 * @module
 */
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import type { Keyframe, ModalUi } from '../core/createKeyframe.ts'
import type { ThemeState } from '../core/theme.ts'
import { getTheme, watchTheme } from '../core/theme.ts'
import { createFocusMemory } from './focus.ts'
import { Modal } from './Modal.tsx'
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
  const root = createRoot(container)
  flushSync(() => root.render(<Modal kf={kf} focus={focus} />))

  return {
    commit: (change) => flushSync(change),
    unmount() {
      unwatchTheme()
      host.remove()
      focus.restore()
      // React may be mid-render (destroy() called from an effect); let it finish before letting go.
      queueMicrotask(() => root.unmount())
    },
  }
}
