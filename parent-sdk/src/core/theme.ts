import { THEME_MODES, type ThemeMode } from '@keyframe/protocol/core'
import type { Keyframe } from './createKeyframe.ts'
import type { ThemeVariables } from './store.ts'
import { memoPerInstance, watchSelected } from './watch.ts'

/** The modal's theme. */
export type ThemeState = { readonly themeMode: ThemeMode; readonly themeVariables: ThemeVariables }

export function isThemeMode(value: unknown): value is ThemeMode {
  return (THEME_MODES as readonly unknown[]).includes(value)
}

const select = memoPerInstance<ThemeState>(
  (kf) => {
    const { themeMode, themeVariables } = kf.getState()
    return { themeMode, themeVariables }
  },
  (a, b) => a.themeMode === b.themeMode && a.themeVariables === b.themeVariables,
)

/**
 * The theme mode (light or dark, default dark) and the CSS variable overrides.
 * @example
 * import { getTheme } from '@keyframe/sdk'
 * getTheme(kf).themeMode // 'dark'
 */
export function getTheme(kf: Keyframe): ThemeState {
  return select(kf)
}

/**
 * Calls `onChange` whenever the theme changes. Returns the unsubscribe.
 * @example
 * import { watchTheme } from '@keyframe/sdk'
 * const unwatch = watchTheme(kf, { onChange: ({ themeMode }) => console.log(themeMode) })
 */
export function watchTheme(
  kf: Keyframe,
  parameters: { onChange(theme: ThemeState, previous: ThemeState): void },
): () => void {
  return watchSelected(kf, getTheme, parameters.onChange)
}
