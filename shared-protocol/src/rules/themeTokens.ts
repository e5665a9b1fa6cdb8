/**
 * The closed set of theme tokens a dApp may send the frame (SECURITY §0: the parent cannot restyle what the
 * frame shows). Zod-free, so the parent SDK can translate its options before the modal's code loads; the
 * wire schema is `schemas/theme.ts`. Text colours are not tokens: the frame picks them by contrast.
 * @module
 */

/** An opaque colour: `#rgb` or `#rrggbb`. No alpha, so nothing the frame draws can be made see-through. */
export const THEME_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/

/** Whether `value` is a theme colour (`THEME_COLOR_PATTERN`). */
export function isThemeColor(value: unknown): value is string {
  return typeof value === 'string' && THEME_COLOR_PATTERN.test(value)
}

/** The colour tokens: what the frame's screens are filled with, never their text. */
export const THEME_COLOR_TOKENS = ['accent', 'background', 'surface', 'border'] as const
export type ThemeColorToken = (typeof THEME_COLOR_TOKENS)[number]

/** The font families the frame can draw with, each a stack of fonts already on the device. */
export const THEME_FONT_FAMILIES = ['system', 'sans-serif', 'serif', 'monospace', 'rounded'] as const
export type ThemeFontFamily = (typeof THEME_FONT_FAMILIES)[number]

/** Corner radius of the frame's controls and panels, in CSS px. */
export const THEME_RADIUS_PX = { min: 0, max: 24 } as const
/** Body text size of the frame's screens, in CSS px: readable at the low end, fits the modal at the top. */
export const THEME_FONT_SIZE_PX = { min: 12, max: 18 } as const

/** The theme tokens (every one optional: the frame's default stands in for what is left out). */
export type ThemeTokens = {
  readonly [K in ThemeColorToken]?: string
} & {
  readonly radius?: number
  readonly fontSize?: number
  readonly fontFamily?: ThemeFontFamily
}
