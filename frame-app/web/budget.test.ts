/**
 * Size budget of the frame document before login: every script and modulepreload that the built
 * `index.html` references, plus their static imports, gzipped (level 9), ≤ 40 kB. The hidden frame shows
 * no UI yet; React and the approval UI will load on demand and stay out of this count. Needs a build:
 * `npx vite build --config frame-app/web/vite.config.ts`.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, test } from 'vitest'

const BUDGET_BYTES = 40 * 1024
const dist = fileURLToPath(new URL('../dist/web/', import.meta.url))

type Built = { html: string; files: Map<string, string> }
let built: Built

/** `/assets/x.js` or `./x.js` (relative to `from`) → a path under dist, or undefined when not local. */
function resolveLocal(specifier: string, from: string): string | undefined {
  if (specifier.startsWith('/')) return specifier.slice(1)
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    return new URL(specifier, `http://x/${from}`).pathname.slice(1)
  }
  return undefined
}

/** Static imports of a built ES module: `import … from"./x.js"` and `import"./x.js"` (not `import()`). */
function staticImports(code: string): string[] {
  const found: string[] = []
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'`]([^"'`]+)["'`]/g)) found.push(match[1]!)
  return found
}

function startupFiles(html: string): Map<string, string> {
  const files = new Map<string, string>()
  const queue: string[] = []
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) queue.push(match[1]!)
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1]
    if (href) queue.push(href)
  }
  const visit = (specifier: string, from: string) => {
    const path = resolveLocal(specifier, from)
    if (!path || files.has(path)) return
    const code = readFileSync(`${dist}${path}`, 'utf8')
    files.set(path, code)
    for (const imported of staticImports(code)) visit(imported, path)
  }
  for (const specifier of queue) {
    expect(resolveLocal(specifier, 'index.html'), `third-party script ${specifier}`).toBeDefined()
    visit(specifier, 'index.html')
  }
  return files
}

beforeAll(() => {
  const index = `${dist}index.html`
  if (!existsSync(index))
    throw new Error(`No build at ${index}: run npx vite build --config frame-app/web/vite.config.ts`)
  const html = readFileSync(index, 'utf8')
  built = { html, files: startupFiles(html) }
})

describe('budget', () => {
  test(`the frame's JS before login is ≤ ${BUDGET_BYTES / 1024} kB gzip`, () => {
    const sizes = [...built.files].map(([path, code]) => ({
      path,
      gzip: gzipSync(code, { level: 9 }).length,
    }))
    const total = sizes.reduce((sum, file) => sum + file.gzip, 0)
    const detail = sizes.map((file) => `${file.path}: ${file.gzip} B`).join(', ')
    expect(
      total,
      `frame JS is ${total} B gzip (${(total / 1024).toFixed(2)} kB): ${detail}`,
    ).toBeLessThanOrEqual(BUDGET_BYTES)
  })

  test('behavior: the count includes the bridge (post-robot), preloaded', () => {
    const withPostRobot = [...built.files].filter(([, code]) => code.includes('postrobot_hello'))
    expect(withPostRobot).toHaveLength(1)
  })

  test('behavior: post-robot is not in the entry or its static imports (it loads after the guard)', () => {
    const entry = /<script\b[^>]*\bsrc="([^"]+)"/.exec(built.html)?.[1]
    expect(entry).toBeDefined()
    const seen = new Set<string>()
    const visit = (path: string) => {
      if (seen.has(path)) return
      seen.add(path)
      const code = built.files.get(path) ?? readFileSync(`${dist}${path}`, 'utf8')
      expect(
        code.includes('postrobot_hello'),
        `post-robot is statically reachable from the entry in ${path}`,
      ).toBe(false)
      for (const imported of staticImports(code)) {
        const next = resolveLocal(imported, path)
        if (next) visit(next)
      }
    }
    visit(resolveLocal(entry!, 'index.html')!)
  })

  test('behavior: no inline script (CSP script-src self)', () => {
    expect(built.html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
  })
})
