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
): LazyComponent<P> {
  type ViewComponent = ComponentType<P>
  let loaded: ViewComponent | undefined
  let loading: Promise<ViewComponent> | undefined
  const start = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }
  function LazyView(props: P) {
    const [View, setView] = useState<ViewComponent | undefined>(() => loaded)
    const [failed, setFailed] = useState(false)
    useLayoutEffect(() => {
      if (View) return
      let live = true
      start().then(
        (component) => live && setView(() => component),
        () => live && setFailed(true),
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
  return Object.assign(LazyView, {
    preload: () =>
      start().then(
        () => {},
        () => {},
      ),
  })
}

/** A `lazyView` component; `preload()` fetches its code (a failure shows when it renders). */
export type LazyComponent<P> = ComponentType<P> & { preload(): Promise<void> }

export function isLazy<P>(component: ComponentType<P>): component is LazyComponent<P> {
  return 'preload' in component
}
