import type { RefObject } from 'preact'
import { useLayoutEffect, useRef } from 'preact/hooks'
import { activeElementOf, focusables } from './focus.ts'

/**
 * When `phase` changes and the control that had focus went with it (Try again, once pressed), focuses the
 * first control now shown in `root` (or `root`), so a keyboard user is not left outside the dialog. The modal
 * places focus itself when the view appears.
 */
export function useRefocus(root: RefObject<HTMLElement | null>, phase: string) {
  const mounted = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the phase changes
  useLayoutEffect(() => {
    const el = root.current
    if (!mounted.current || !el) {
      mounted.current = true
      return
    }
    if (activeElementOf(el) === null) (focusables(el)[0] ?? el).focus({ preventScroll: true })
  }, [phase])
}
