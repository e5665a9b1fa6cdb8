import type { ThemeRoot } from './theme.ts'

/** Test support: a document root whose CSS custom properties land in a Map the test can read. */
export function fakeThemeRoot(): { root: ThemeRoot; properties: Map<string, string> } {
  const properties = new Map<string, string>()
  const root: ThemeRoot = {
    style: { setProperty: (name, value) => void properties.set(name, value) },
    dataset: {},
  }
  return { root, properties }
}
