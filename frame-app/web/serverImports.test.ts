/**
 * Browser code never imports server code: what the frame and its server share (the API's routes and
 * schemas, the chain schemas) lives in `@keyframe/protocol/frame-api/*`. Only tests and their support
 * modules (`*.test.ts`, `test*.ts`) may reach the server, and only its test harness (`server/testing/`).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const web = dirname(fileURLToPath(import.meta.url))
const server = resolve(web, '../server')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path)
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [path] : []
  })
}

/** Every module specifier of a source file: static imports, re-exports and `import()`. */
function specifiers(code: string): string[] {
  const found: string[] = []
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g)) found.push(match[1]!)
  return found
}

/** Where `file` reaches into the server, as `file → specifier`, except a test's use of the harness. */
export function serverImports(file: string, code: string): string[] {
  const isTest = /(\.test\.ts|\/test[A-Z][A-Za-z]*\.ts)$/.test(file)
  return specifiers(code).flatMap((specifier) => {
    const target = specifier.startsWith('.') ? resolve(dirname(file), specifier) : specifier
    const intoServer = target.startsWith(`${server}/`) || /^@keyframe\/frame\/server\b/.test(specifier)
    if (!intoServer) return []
    if (isTest && target.startsWith(`${server}/testing/`)) return []
    return [`${relative(web, file)} → ${specifier}`]
  })
}

test('no module of frame-app/web imports frame-app/server', () => {
  const self = fileURLToPath(import.meta.url)
  const found = sources(web)
    .filter((file) => file !== self)
    .flatMap((file) => serverImports(file, readFileSync(file, 'utf8')))
  expect(found).toEqual([])
})

test('the check sees an import of the server, in browser code and in a test beyond the harness', () => {
  const file = join(web, 'login', 'email.ts')
  expect(
    serverImports(file, "import type { LoginResponse } from '../../server/auth/email/routes.ts'"),
  ).toEqual(['login/email.ts → ../../server/auth/email/routes.ts'])
  expect(serverImports(file, "const m = await import('@keyframe/frame/server')")).toHaveLength(1)
  expect(
    serverImports(join(web, 'login', 'x.test.ts'), "import { a } from '../../server/app.ts'"),
  ).toHaveLength(1)
  expect(
    serverImports(join(web, 'rpc', 'testFrame.ts'), "import { h } from '../../server/testing/harness.ts'"),
  ).toEqual([])
})
