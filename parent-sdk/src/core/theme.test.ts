import { expect, test, vi } from 'vitest'
import { createKeyframe } from './createKeyframe.ts'
import { getTheme, isThemeMode, watchTheme } from './theme.ts'

const kfOptions = { projectId: 'demo', frameUrl: 'http://localhost:5174/frame', networks: [] }

test('getTheme: default dark, stable object', () => {
  const kf = createKeyframe(kfOptions)
  expect(getTheme(kf)).toEqual({ themeMode: 'dark', themeVariables: {} })
  expect(getTheme(kf)).toBe(getTheme(kf))
})

test('watchTheme: fires when the mode changes, not for the same mode', () => {
  const kf = createKeyframe(kfOptions)
  const onChange = vi.fn()
  watchTheme(kf, { onChange })
  kf.setThemeMode('dark')
  expect(onChange).not.toHaveBeenCalled()
  kf.setThemeMode('light')
  expect(onChange).toHaveBeenCalledWith(
    { themeMode: 'light', themeVariables: {} },
    { themeMode: 'dark', themeVariables: {} },
  )
})

test('isThemeMode', () => {
  expect(isThemeMode('light')).toBe(true)
  expect(isThemeMode('dark')).toBe(true)
  expect(isThemeMode('auto')).toBe(false)
})
