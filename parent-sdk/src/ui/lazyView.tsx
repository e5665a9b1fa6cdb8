/** @jsxImportSource preact */
import type { ComponentType } from 'preact'
import { useLayoutEffect, useState } from 'preact/hooks'
import type { Keyframe } from '../core/createKeyframe.ts'

/**
 * A view (or part of one, such as the Activity tab) whose code loads the first time it is shown, so each
 * wallet feature is a chunk of its own and a feature that is never opened (or is turned off) is never fetched.
 */
export function lazyView<P extends { kf: Keyframe }>(
  load: () => Promise<ComponentType<P>>,
  /** What shows while the code loads (default: a spinner). */
  fallback?: ComponentType<P>,
): ComponentType<P> {
  type ViewComponent = ComponentType<P>
  let loaded: ViewComponent | undefined
  let loading: Promise<ViewComponent> | undefined
  return function LazyView(props: P) {
    const [View, setView] = useState<ViewComponent | undefined>(() => loaded)
    const [failed, setFailed] = useState(false)
    useLayoutEffect(() => {
      if (View) return
      let live = true
      loading ??= load().then((component) => (loaded = component))
      loading.then(
        (component) => live && setView(() => component),
        () => {
          loading = undefined
          if (live) setFailed(true)
        },
      )
      return () => {
        live = false
      }
    }, [View])
    if (View) return <View {...props} />
    if (failed)
      return (
        <p role="alert">This part of the wallet could not be loaded. Check your connection and try again.</p>
      )
    if (fallback) {
      const Fallback = fallback
      return <Fallback {...props} />
    }
    return <div class="kf-spinner" role="status" aria-label="Loading" />
  }
}
