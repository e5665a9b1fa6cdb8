/**
 * Size budget of the frame document before login: every script and modulepreload that the built
 * `index.html` references, plus their static imports, gzipped (level 9), ≤ 40 kB. The hidden frame shows
 * no UI yet; the RPC and signing code (viem) and the approval UI load on demand and stay out of this count. Needs a build:
 * `npx vite build --config frame-app/web/vite.config.ts`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
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
    const report = `frame JS is ${total} B gzip (${(total / 1024).toFixed(2)} kB): ${detail}`
    console.info(report)
    expect(total, report).toBeLessThanOrEqual(BUDGET_BYTES)
  })

  test('behavior: READY is served by the entry itself (one script, no chunk to wait for)', () => {
    const scripts = [...built.html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)]
    expect(scripts).toHaveLength(1)
    const entry = resolveLocal(scripts[0]![1]!, 'index.html')!
    expect(built.files.get(entry)).toContain('keyframe:ready')
    expect([...built.files.keys()], 'one file before READY').toEqual([entry])
    // The only chunks the entry loads later: the login's (custody crypto, the recovery code, the prompt), the
    // social and Farcaster logins' (on the person's choice), and the RPC handler (which loads the signing
    // code, viem and the approval screen in turn; after a login too).
    const later = [...built.files.get(entry)!.matchAll(/\bimport\s*\(\s*["'`]([^"'`]+)["'`]/g)]
    const names = new Set(later.map((match) => /([a-zA-Z]+)-[\w-]+\.js$/.exec(match[1]!)?.[1]))
    expect([...names].sort()).toEqual([
      'custody',
      'farcaster',
      'passphrasePrompt',
      'recovery',
      'rpcRequest',
      'social',
    ])
  })

  test("behavior: the entry carries V8's compile hint on its first line", () => {
    const entry = resolveLocal(/<script\b[^>]*\bsrc="([^"]+)"/.exec(built.html)![1]!, 'index.html')!
    expect(built.files.get(entry)!.split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad')
  })

  test('behavior: post-robot is gone (not built, not a dependency)', () => {
    for (const name of readdirSync(`${dist}assets`)) {
      const code = readFileSync(`${dist}assets/${name}`, 'utf8')
      expect(code, name).not.toMatch(/postrobot|post_robot|post-robot/i)
    }
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    expect({ ...pkg.dependencies, ...pkg.devDependencies }).not.toHaveProperty('post-robot')
  })

  test('behavior: no postMessage with a wildcard target in the built frame', () => {
    for (const [path, code] of built.files) {
      expect(code, path).not.toMatch(/postMessage\([^()]*,\s*[`'"]\*[`'"]/)
    }
  })

  test('behavior: no inline script (CSP script-src self)', () => {
    expect(built.html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
  })
})
