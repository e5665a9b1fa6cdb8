/**
 * A jsdom document as the globals of a Node test. For view tests that also start a real chain-api in the
 * same file: vitest's jsdom environment transforms modules for the browser, which rewrites chain-api's
 * `new URL('./drizzle', import.meta.url)` (its migrations) into an asset URL.
 */
import { createRequire } from 'node:module'

type Dom = { window: Window & typeof globalThis }
// jsdom ships no types; the one constructor used here, typed at this boundary.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string, options: { url: string; pretendToBeVisual: boolean }) => Dom
}

const NAMES = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'HTMLElement',
  'Node',
  'Event',
] as const

/** Installs the globals; returns their removal. */
export function installDom(): () => void {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', {
    url: 'http://localhost:3000/',
    pretendToBeVisual: true,
  })
  const before = new Map(NAMES.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]))
  for (const name of NAMES)
    Object.defineProperty(globalThis, name, {
      configurable: true,
      writable: true,
      value: name === 'window' ? dom.window : dom.window[name],
    })
  return () => {
    for (const [name, descriptor] of before) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor)
      else delete (globalThis as Record<string, unknown>)[name]
    }
    dom.window.close()
  }
}
