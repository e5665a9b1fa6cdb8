/**
 * WCAG 2.x contrast of opaque colours given as `#rgb` / `#rrggbb` (the theme schema's only colour form): the
 * frame picks its text colours with it, and the e2e suites check what the browser drew with it.
 * @module
 */
import { isThemeColor } from './themeTokens.ts'

/** The contrast WCAG 2.1 AA asks of text (1.4.3) and of controls' boundaries (1.4.11). */
export const TEXT_CONTRAST = 4.5
export const CONTROL_CONTRAST = 3

/** Channels 0–255 of a `#rgb` or `#rrggbb` colour. */
export function hexChannels(hex: string): [number, number, number] {
  if (!isThemeColor(hex)) throw new TypeError(`Not an opaque hex colour: ${hex}`)
  const long = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (digit) => digit + digit) : hex
  return [1, 3, 5].map((at) => Number.parseInt(long.slice(at, at + 2), 16)) as [number, number, number]
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = hexChannels(hex).map((channel) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** The lowest contrast of `colour` against each of `backgrounds`. */
export function leastContrast(colour: string, backgrounds: readonly string[]): number {
  return Math.min(...backgrounds.map((background) => contrastRatio(colour, background)))
}
