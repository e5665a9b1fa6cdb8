import { describe, expect, test } from 'vitest'
import { fakeThemeRoot } from './fakeThemeRoot.ts'
import { applyTheme, nextTheme, type ThemeState } from './theme.ts'

const empty: ThemeState = { mode: undefined, variables: {} }

describe('nextTheme', () => {
  test('default: fields left out keep their value', () => {
    const first = nextTheme(empty, { themeMode: 'light', themeVariables: { '--a': '1' } })
    expect(nextTheme(first, {})).toEqual(first)
  })

  test('parameters: themeVariables win over w3mThemeVariables', () => {
    expect(
      nextTheme(empty, { w3mThemeVariables: { '--a': '1', '--b': 2 }, themeVariables: { '--a': '3' } }),
    ).toEqual({
      mode: undefined,
      variables: { '--a': '3', '--b': 2 },
    })
  })
})

describe('applyTheme', () => {
  test('default: sets the mode and variables on the root, but no color-scheme (it would make the frame opaque)', () => {
    const { root, properties } = fakeThemeRoot()
    applyTheme(root, { mode: 'dark', variables: { '--kf-accent': '#0af', '--kf-radius': 8 } }, empty)
    expect(root.dataset.theme).toBe('dark')
    expect(Object.fromEntries(properties)).toEqual({
      '--kf-accent': '#0af',
      '--kf-radius': '8',
    })
  })

  test('behavior: variables no longer set are removed', () => {
    const { root, properties } = fakeThemeRoot()
    const first: ThemeState = { mode: 'light', variables: { '--a': '1', '--b': '2' } }
    applyTheme(root, first, empty)
    applyTheme(root, { mode: undefined, variables: { '--b': '3' } }, first)
    expect(Object.fromEntries(properties)).toEqual({ '--b': '3' })
    expect(root.dataset.theme).toBeUndefined()
  })
})
