import type { ThemeMode } from '@keyframe/protocol/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { current, reset, type ViewHistory, type ViewName } from './router.ts'
import type { Toast } from './toasts.ts'

/** CSS custom properties that override the modal's theme, e.g. `{ '--kf-accent': '#7c5cff' }`. */
export type ThemeVariables = Readonly<Record<`--${string}`, string | number>>

/** Everything the modal shows. Owned by one Keyframe instance; read it with the `getX`/`watchX` functions. */
export type KeyframeState = {
  /** Whether the modal is open. */
  readonly open: boolean
  /** The view shown (the last of `history`). Kept when the modal closes. */
  readonly view: ViewName
  /** Views visited since the modal opened, oldest first. */
  readonly history: ViewHistory
  readonly themeMode: ThemeMode
  readonly themeVariables: ThemeVariables
  /** The toast on screen, if any. */
  readonly toast: Toast | undefined
}

export type KeyframeStore = StoreApi<KeyframeState>

/** A store for one instance. Pure: no window, no timers (SSR-safe). */
export function createKeyframeStore(init: {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
}): KeyframeStore {
  const history = reset()
  return createStore<KeyframeState>()(() => ({
    open: false,
    view: current(history),
    history,
    themeMode: init.themeMode,
    themeVariables: init.themeVariables,
    toast: undefined,
  }))
}
