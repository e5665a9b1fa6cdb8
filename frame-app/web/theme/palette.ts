/**
 * The colours and type the frame's screens are drawn with, computed from the parent's theme tokens. The
 * parent chooses fills (background, surface, border, accent) and sizes within bounds; every colour that
 * carries meaning (text, amounts, the origin, Approve's and Reject's labels, warnings, focus) is the frame's
 * own, picked here by WCAG contrast against the fills it sits on (SECURITY §0).
 * @module
 */
import {
  CONTROL_CONTRAST,
  leastContrast,
  relativeLuminance,
  TEXT_CONTRAST,
  type ThemeFontFamily,
  type ThemeMode,
  type ThemeTokens,
} from '@keyframe/protocol/core'

export type Palette = {
  /** Which way the palette reads: dark text on a light background (`light`) or the reverse. */
  readonly scheme: ThemeMode
  readonly background: string
  readonly surface: string
  /** Panels' edges, decoration only: the parent's `border` token as given. */
  readonly border: string
  /**
   * The edge of an input (a code box, a passphrase field), the only cue of where it is: ≥ 3:1 on `background`
   * and on `surface` (WCAG 1.4.11), as it sits between the two.
   */
  readonly control: string
  /** Text, amounts and the origin: ≥ 4.5:1 on `background` and on `surface`. */
  readonly text: string
  /** Labels: ≥ 4.5:1 on `background` and on `surface`. */
  readonly muted: string
  /** Warnings ("Unlimited", errors): ≥ 4.5:1 on `background` and on `surface`. */
  readonly warn: string
  /** Approve's fill: ≥ 3:1 on `background` (WCAG 1.4.11), so the button is seen. */
  readonly accent: string
  /** Approve's label: ≥ 4.5:1 on `accent`. */
  readonly onAccent: string
  /** The focus ring: ≥ 3:1 on `background` and on `surface`. */
  readonly focus: string
  readonly radiusPx: number
  readonly fontSizePx: number
  readonly fontFamily: string
}

/** The modal's own palettes (parent-sdk `ui/styles.ts`), the frame's defaults for each mode. */
const DEFAULTS = {
  dark: {
    background: '#17181b',
    surface: '#222428',
    border: '#33363c',
    control: '#717782',
    muted: '#a0a6b0',
    warn: '#ff7a7a',
    accent: '#7b93ff',
    focus: '#a5b6ff',
  },
  light: {
    background: '#ffffff',
    surface: '#f3f4f6',
    border: '#e0e3e8',
    control: '#7d8490',
    muted: '#5d6470',
    warn: '#d23c3c',
    accent: '#3554d1',
    focus: '#3554d1',
  },
} as const satisfies Record<ThemeMode, Record<string, string>>

/** The frame's inks, nearest first: its near-black and near-white, then black and white. */
const INKS = [
  ['#15171a', '#f3f4f6'],
  ['#000000', '#ffffff'],
] as const
/** A second, deeper warning colour for each scheme, for fills the first does not read on. */
const DEEPER_WARN = { dark: '#ffb3b3', light: '#a51d1d' } as const

export const DEFAULT_RADIUS_PX = 12
export const DEFAULT_FONT_SIZE_PX = 14

/** Each font family token as a stack of fonts already on the device (the frame loads no fonts). */
export const FONT_STACKS: Record<ThemeFontFamily, string> = {
  system: "system-ui,-apple-system,'Segoe UI',Roboto,sans-serif",
  'sans-serif': "'Helvetica Neue',Arial,sans-serif",
  serif: "Georgia,'Times New Roman',serif",
  monospace: 'ui-monospace,SFMono-Regular,Menlo,Consolas,monospace',
  rounded: "ui-rounded,'SF Pro Rounded',system-ui,sans-serif",
}

/**
 * The ink that reads best on every one of `fills`, if one reaches 4.5:1 on all of them. On a single opaque
 * fill black or white always does (the worse of the two is ≥ 4.58:1), so `ink([fill])` never fails.
 */
export function ink(fills: readonly string[]): string | undefined {
  for (const pair of INKS) {
    const best = pair.reduce((a, b) => (leastContrast(b, fills) > leastContrast(a, fills) ? b : a))
    if (leastContrast(best, fills) >= TEXT_CONTRAST) return best
  }
  return undefined
}

/** The first of `candidates` with at least `ratio` against every one of `fills`. */
function firstReading(
  candidates: readonly string[],
  fills: readonly string[],
  ratio: number,
): string | undefined {
  return candidates.find((colour) => leastContrast(colour, fills) >= ratio)
}

/**
 * The palette for `mode` and the parent's `tokens` (already schema-checked: opaque hex colours, bounded sizes).
 * @example paletteFor('light', { accent: '#ffee00' }).onAccent // '#15171a': dark text on a yellow Approve
 */
export function paletteFor(mode: ThemeMode, tokens: ThemeTokens): Palette {
  const defaults = DEFAULTS[mode]
  const background = tokens.background ?? defaults.background
  // The surface (panels, Reject, inputs) carries text too; one that no ink reads on gives way.
  let surface = background
  let text = ink([background]) as string
  for (const candidate of [tokens.surface, defaults.surface]) {
    const onBoth = candidate === undefined ? undefined : ink([background, candidate])
    if (candidate !== undefined && onBoth !== undefined) {
      surface = candidate
      text = onBoth
      break
    }
  }
  const fills = [background, surface]
  const scheme: ThemeMode = relativeLuminance(text) > 0.5 ? 'dark' : 'light'
  const accent =
    firstReading(
      [tokens.accent, defaults.accent, DEFAULTS[scheme].accent].filter((c) => c !== undefined),
      [background],
      CONTROL_CONTRAST,
    ) ?? text
  return {
    scheme,
    background,
    surface,
    border: tokens.border ?? defaults.border,
    control:
      firstReading(
        [tokens.border, DEFAULTS[scheme].control].filter((c) => c !== undefined),
        fills,
        CONTROL_CONTRAST,
      ) ?? text,
    text,
    muted: firstReading([DEFAULTS[scheme].muted], fills, TEXT_CONTRAST) ?? text,
    warn: firstReading([DEFAULTS[scheme].warn, DEEPER_WARN[scheme]], fills, TEXT_CONTRAST) ?? text,
    accent,
    onAccent: ink([accent]) as string,
    focus: firstReading([DEFAULTS[scheme].focus, accent], fills, CONTROL_CONTRAST) ?? text,
    radiusPx: tokens.radius ?? DEFAULT_RADIUS_PX,
    fontSizePx: tokens.fontSize ?? DEFAULT_FONT_SIZE_PX,
    fontFamily: FONT_STACKS[tokens.fontFamily ?? 'system'],
  }
}
