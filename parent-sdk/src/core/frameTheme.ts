/**
 * The frame's theme tokens from the dApp's `themeVariables`. The modal in the page takes any CSS variable
 * (its styling is the dApp's business); the frame's screens take only a closed set of checked tokens, so
 * the frame is sent those and nothing else (SECURITY §0: the page cannot restyle what the frame shows).
 * @module
 */
import {
  isThemeColor,
  THEME_COLOR_TOKENS,
  THEME_FONT_FAMILIES,
  THEME_FONT_SIZE_PX,
  THEME_RADIUS_PX,
  type ThemeColorToken,
  type ThemeFontFamily,
  type ThemeTokens,
} from '@keyframe/protocol/core'
import type { ThemeVariables } from './store.ts'

/** The variables each colour token is read from, first present wins: the modal's own, then AppKit's. */
const COLOUR_SOURCES: Record<ThemeColorToken, readonly `--${string}`[]> = {
  accent: ['--kf-accent', '--w3m-accent'],
  background: ['--kf-bg'],
  surface: ['--kf-surface'],
  border: ['--kf-border'],
}

/**
 * The variables each size is read from, with the factor from the variable's px to the token's: AppKit's
 * masters are the unit its sizes are multiples of (controls' radius 3 × 4px, body text 1.4 × 10px).
 */
const SIZE_SOURCES = {
  radius: {
    bounds: THEME_RADIUS_PX,
    from: [
      ['--kf-radius-control', 1],
      ['--w3m-border-radius-master', 3],
    ],
  },
  fontSize: {
    bounds: THEME_FONT_SIZE_PX,
    from: [
      ['--kf-font-size', 1],
      ['--w3m-font-size-master', 1.4],
    ],
  },
} as const

const FONT_SOURCES = ['--kf-font-family', '--w3m-font-family'] as const

/** The family a font stack falls back to, by the generic names in it. */
const GENERIC_FAMILIES: Record<string, ThemeFontFamily> = {
  'system-ui': 'system',
  '-apple-system': 'system',
  blinkmacsystemfont: 'system',
  'ui-sans-serif': 'sans-serif',
  'ui-serif': 'serif',
  'ui-monospace': 'monospace',
  'ui-rounded': 'rounded',
  ...Object.fromEntries(THEME_FONT_FAMILIES.map((family) => [family, family])),
}

export type FrameTheme = {
  readonly tokens: ThemeTokens
  /** Variables the frame would read whose values do not fit its tokens, left out of `tokens`. */
  readonly ignored: readonly `--${string}`[]
}

/** A px length: a number, or a string of one with `px`. */
function pixels(value: string | number): number | undefined {
  if (typeof value === 'number') return value
  const match = /^\s*(\d+(?:\.\d+)?)(?:px)?\s*$/.exec(value)
  return match ? Number(match[1]) : undefined
}

/** The first font family token a CSS font stack names, by its generic fallbacks. */
function fontFamily(value: string | number): ThemeFontFamily | undefined {
  if (typeof value !== 'string') return undefined
  for (const name of value.split(',')) {
    const family =
      GENERIC_FAMILIES[
        name
          .trim()
          .replace(/^['"]|['"]$/g, '')
          .toLowerCase()
      ]
    if (family) return family
  }
  return undefined
}

/**
 * The frame's tokens from the dApp's theme variables, and the variables left out because they do not fit.
 * Variables the frame does not read (text colours, shadows, `--w3m-z-index`, …) style the modal only.
 * @example
 * frameTheme({ '--kf-accent': '#7c5cff', '--kf-text': 'transparent' }) // { tokens: { accent: '#7c5cff' }, ignored: [] }
 */
export function frameTheme(variables: ThemeVariables): FrameTheme {
  const tokens: { -readonly [K in keyof ThemeTokens]: ThemeTokens[K] } = {}
  const ignored: `--${string}`[] = []
  const first = (names: readonly `--${string}`[]) => names.find((name) => Object.hasOwn(variables, name))

  for (const token of THEME_COLOR_TOKENS) {
    const name = first(COLOUR_SOURCES[token])
    if (name === undefined) continue
    const value = variables[name]
    if (isThemeColor(value)) tokens[token] = value
    else ignored.push(name)
  }
  for (const token of ['radius', 'fontSize'] as const) {
    const { bounds, from } = SIZE_SOURCES[token]
    const source = from.find(([name]) => Object.hasOwn(variables, name))
    if (source === undefined) continue
    const [name, factor] = source
    const px = pixels(variables[name] as string | number)
    const size = px === undefined ? undefined : Math.round(px * factor * 100) / 100
    if (size !== undefined && size >= bounds.min && size <= bounds.max) tokens[token] = size
    else ignored.push(name)
  }
  const fontName = first(FONT_SOURCES)
  if (fontName !== undefined) {
    const family = fontFamily(variables[fontName] as string | number)
    if (family) tokens.fontFamily = family
    else ignored.push(fontName)
  }
  return { tokens, ignored }
}
