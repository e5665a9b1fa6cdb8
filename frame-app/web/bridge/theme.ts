import type { ParsedParams } from '@keyframe/protocol'

type SyncTheme = ParsedParams<'SYNC_THEME'>

/** The theme the frame applies: the parent's mode and CSS variables (last SYNC_THEME wins). */
export type ThemeState = {
  mode: NonNullable<SyncTheme['themeMode']> | undefined
  variables: NonNullable<SyncTheme['themeVariables']>
}

/** The part of the document root the theme touches (`document.documentElement` fits). */
export type ThemeRoot = {
  style: { setProperty(name: string, value: string): void; removeProperty(name: string): string }
  dataset: Record<string, string | undefined>
}

/** The theme after a SYNC_THEME: fields the parent leaves out keep their previous value. */
export function nextTheme(previous: ThemeState, params: SyncTheme): ThemeState {
  const given = params.themeVariables !== undefined || params.w3mThemeVariables !== undefined
  return {
    mode: params.themeMode ?? previous.mode,
    // w3mThemeVariables is the older name; themeVariables wins where both set a variable.
    variables: given ? { ...params.w3mThemeVariables, ...params.themeVariables } : previous.variables,
  }
}

/**
 * Applies `next` to `root` through the CSSOM (allowed under `style-src 'self'`, unlike style attributes),
 * removing the variables of `previous` that `next` no longer sets. Names are schema-checked (`--[a-zA-Z0-9-]+`).
 */
export function applyTheme(root: ThemeRoot, next: ThemeState, previous: ThemeState): void {
  for (const name of Object.keys(previous.variables)) {
    if (!Object.hasOwn(next.variables, name)) root.style.removeProperty(name)
  }
  for (const [name, value] of Object.entries(next.variables)) root.style.setProperty(name, String(value))
  // The mode goes to the screens (`:root[data-theme=light] .kfa`), which set their own `color-scheme`. Not on
  // the root: a root color scheme other than the iframe element's makes Chromium paint the whole frame opaque,
  // and the frame must be transparent where it shows nothing (the parent keeps it drawn, parked).
  if (next.mode === undefined) delete root.dataset.theme
  else root.dataset.theme = next.mode
}
