import { syncThemeParams } from '@keyframe/protocol'
import { describe, expect, test } from 'vitest'
import { frameTheme } from './frameTheme.ts'

describe('frameTheme', () => {
  test('default: no variables, no tokens', () => {
    expect(frameTheme({})).toEqual({ tokens: {}, ignored: [] })
  })

  test('behavior: the modal’s fill, size and font variables become tokens; text colours stay in the modal', () => {
    const { tokens, ignored } = frameTheme({
      '--kf-accent': '#7c5cff',
      '--kf-bg': '#FFF',
      '--kf-surface': '#f3f4f6',
      '--kf-border': '#e0e3e8',
      '--kf-radius-control': '8px',
      '--kf-font-size': 16,
      '--kf-font-family': "Inter, 'Helvetica Neue', sans-serif",
      '--kf-text': 'transparent',
      '--kf-text-muted': '#000',
      '--kf-shadow': '0 0 0 red',
    })
    expect(tokens).toEqual({
      accent: '#7c5cff',
      background: '#FFF',
      surface: '#f3f4f6',
      border: '#e0e3e8',
      radius: 8,
      fontSize: 16,
      fontFamily: 'sans-serif',
    })
    expect(ignored).toEqual([])
    // What the SDK sends is what the frame accepts.
    expect(syncThemeParams.safeParse({ themeMode: 'light', tokens }).success).toBe(true)
  })

  test('behavior: AppKit’s variables, translated (radius 3 × master, text 1.4 × master)', () => {
    expect(
      frameTheme({
        '--w3m-accent': '#3396ff',
        '--w3m-border-radius-master': '2px',
        '--w3m-font-size-master': '10px',
        '--w3m-font-family': 'system-ui, sans-serif',
        '--w3m-z-index': 1000,
      }),
    ).toEqual({ tokens: { accent: '#3396ff', radius: 6, fontSize: 14, fontFamily: 'system' }, ignored: [] })
  })

  test('behavior: the modal’s own variable wins over AppKit’s', () => {
    expect(frameTheme({ '--w3m-accent': '#111111', '--kf-accent': '#222222' }).tokens).toEqual({
      accent: '#222222',
    })
  })

  test('error: values that are not tokens are left out and named', () => {
    const { tokens, ignored } = frameTheme({
      '--kf-accent': 'transparent',
      '--kf-bg': 'url("data:image/svg+xml,<svg/>")',
      '--kf-surface': 'var(--kf-bg)',
      '--kf-border': 'linear-gradient(red, blue)',
      '--kf-radius-control': 40,
      '--kf-font-size': '1.2em',
      '--kf-font-family': '"Comic Sans MS", cursive',
    })
    expect(tokens).toEqual({})
    expect(ignored).toEqual([
      '--kf-accent',
      '--kf-bg',
      '--kf-surface',
      '--kf-border',
      '--kf-radius-control',
      '--kf-font-size',
      '--kf-font-family',
    ])
  })
})
