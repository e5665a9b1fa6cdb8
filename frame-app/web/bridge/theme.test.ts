import { contrastRatio } from '@keyframe/protocol/core'
import { describe, expect, test } from 'vitest'
import { fakeThemeRoot } from './fakeThemeRoot.ts'
import { applyTheme, nextTheme, type ThemeState } from './theme.ts'

const empty: ThemeState = { mode: undefined, tokens: {} }

describe('nextTheme', () => {
  test('default: fields left out keep their value', () => {
    const first = nextTheme(empty, { themeMode: 'light', tokens: { accent: '#123456' } })
    expect(nextTheme(first, {})).toEqual(first)
  })

  test('behavior: new tokens replace the old ones whole', () => {
    const first = nextTheme(empty, { tokens: { accent: '#123456', radius: 4 } })
    expect(nextTheme(first, { tokens: { radius: 8 } })).toEqual({ mode: undefined, tokens: { radius: 8 } })
  })
})

describe('applyTheme', () => {
  test('default: the dark palette on the root, and no color-scheme there (it would make the frame opaque)', () => {
    const { root, properties } = fakeThemeRoot()
    applyTheme(root, empty)
    expect(root.dataset.theme).toBe('dark')
    expect(Object.fromEntries(properties)).toMatchObject({
      '--kf-bg': '#17181b',
      '--kf-text': '#f3f4f6',
      '--kf-accent': '#7b93ff',
      '--kf-radius-control': '12px',
      '--kf-font-size': '14px',
    })
    expect(properties.has('color-scheme')).toBe(false)
  })

  test('behavior: tokens set fills and sizes; the text colour is the frame’s, chosen against the fill', () => {
    const { root, properties } = fakeThemeRoot()
    applyTheme(root, {
      mode: 'dark',
      tokens: { background: '#fafafa', accent: '#ff0066', radius: 4, fontSize: 16, fontFamily: 'serif' },
    })
    expect(root.dataset.theme).toBe('light')
    expect(properties.get('--kf-bg')).toBe('#fafafa')
    expect(properties.get('--kf-radius-control')).toBe('4px')
    expect(properties.get('--kf-font-size')).toBe('16px')
    expect(properties.get('--kf-font-family')).toContain('serif')
    const text = properties.get('--kf-text') as string
    expect(contrastRatio(text, '#fafafa')).toBeGreaterThanOrEqual(4.5)
    const onAccent = properties.get('--kf-accent-text') as string
    expect(contrastRatio(onAccent, properties.get('--kf-accent') as string)).toBeGreaterThanOrEqual(4.5)
  })

  test('behavior: only the frame’s own properties, a fixed set, whatever the tokens', () => {
    const names = (theme: ThemeState) => {
      const { root, properties } = fakeThemeRoot()
      applyTheme(root, theme)
      return [...properties.keys()].sort()
    }
    expect(names({ mode: 'light', tokens: { accent: '#000', border: '#abc' } })).toEqual(names(empty))
  })
})
