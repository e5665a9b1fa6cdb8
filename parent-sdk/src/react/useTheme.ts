import type { ThemeMode } from '@keyframe/protocol/core'
import type { Keyframe } from '../core/createKeyframe.ts'
import { getTheme, watchTheme } from '../core/theme.ts'
import { useKeyframe } from './useKeyframe.ts'
import { useWatched } from './useWatched.ts'

export type UseThemeReturnType = { themeMode: ThemeMode; setThemeMode: Keyframe['setThemeMode'] }

/**
 * The modal's theme mode and its setter. Re-renders only when the theme changes.
 * @example
 * import { useTheme } from '@keyframe/sdk/react'
 * const { themeMode, setThemeMode } = useTheme()
 */
export function useTheme(parameters: { keyframe?: Keyframe } = {}): UseThemeReturnType {
  const keyframe = useKeyframe(parameters)
  const { themeMode } = useWatched(keyframe, watchTheme, getTheme)
  return { themeMode, setThemeMode: keyframe.setThemeMode }
}
