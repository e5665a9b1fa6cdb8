/** @jsxImportSource preact */
import type { ComponentType } from 'preact'
import { useLayoutEffect, useState } from 'preact/hooks'
import type { Keyframe } from '../core/createKeyframe.ts'

type ViewComponent = ComponentType<{ kf: Keyframe }>

/**
 * A view whose code loads the first time it is shown, so each wallet feature is a chunk of its own and a
 * feature that is never opened (or is turned off) is never fetched.
 */
export function lazyView(load: () => Promise<ViewComponent>): ViewComponent {
  let loaded: ViewComponent | undefined
  let loading: Promise<ViewComponent> | undefined
  return function LazyView({ kf }) {
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
    if (View) return <View kf={kf} />
    if (failed)
      return (
        <p role="alert">This part of the wallet could not be loaded. Check your connection and try again.</p>
      )
    return <div class="kf-spinner" role="status" aria-label="Loading" />
  }
}
