import type { ParsedParams } from '@keyframe/protocol'
import { DEFAULT_THEME_MODE, type ThemeMode, type ThemeTokens } from '@keyframe/protocol/core'
import { paletteFor } from '../theme/palette.ts'

/** The theme the frame applies: the parent's mode and tokens (last SYNC_THEME wins). */
export type ThemeState = {
  mode: ThemeMode | undefined
  tokens: ThemeTokens
}

/** The part of the document root the theme touches (`document.documentElement` fits). */
export type ThemeRoot = {
  style: { setProperty(name: string, value: string): void }
  dataset: Record<string, string | undefined>
}

/** The theme after a SYNC_THEME: fields the parent leaves out keep their previous value. */
export function nextTheme(previous: ThemeState, params: ParsedParams<'SYNC_THEME'>): ThemeState {
  return { mode: params.themeMode ?? previous.mode, tokens: params.tokens ?? previous.tokens }
}

/**
 * Applies the palette computed from `theme` (`theme/palette.ts`) to `root` through the CSSOM (allowed under
 * `style-src 'self'`, unlike style attributes). Every property set here is the frame's own, with a value the
 * frame computed: the parent's tokens never reach the document as CSS.
 */
export function applyTheme(root: ThemeRoot, theme: ThemeState): void {
  const palette = paletteFor(theme.mode ?? DEFAULT_THEME_MODE, theme.tokens)
  const properties = {
    '--kf-bg': palette.background,
    '--kf-surface': palette.surface,
    '--kf-border': palette.border,
    '--kf-control': palette.control,
    '--kf-text': palette.text,
    '--kf-text-muted': palette.muted,
    '--kf-error': palette.warn,
    '--kf-accent': palette.accent,
    '--kf-accent-text': palette.onAccent,
    '--kf-focus': palette.focus,
    '--kf-radius-control': `${palette.radiusPx}px`,
    '--kf-font-size': `${palette.fontSizePx}px`,
    '--kf-font-family': palette.fontFamily,
  }
  for (const [name, value] of Object.entries(properties)) root.style.setProperty(name, value)
  // The scheme goes to the screens (`:root[data-theme=light] .kfa`), which set their own `color-scheme`. Not on
  // the root: a root color scheme other than the iframe element's makes Chromium paint the whole frame opaque,
  // and the frame must be transparent where it shows nothing (the parent keeps it drawn, parked).
  root.dataset.theme = palette.scheme
}
