/**
 * What `npm pack` ships of the two published packages, after the build: no test file and no TypeScript
 * source (only `.d.ts`); every `exports` target a consumer resolves (`types`, `default`) in the tarball, for
 * each name a `*` subpath offers; every relative import inside the tarball resolving to a file in it; the
 * React entry a client module (`'use client'` first). The workspace's own `@keyframe/source` condition points
 * at sources that are not shipped: its targets must exist in the workspace, and only there.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, posix } from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

const SOURCE_CONDITION = '@keyframe/source'

type ExportTarget = string | { [condition: string]: ExportTarget }
type PackageJson = { name: string; types?: string; exports: Record<string, ExportTarget> }
type Leaf = { condition: string | null; target: string }

/** The package's folder in the workspace, found through its `./package.json` export. */
function packageDir(name: string): string {
  return dirname(realpathSync(createRequire(import.meta.url).resolve(`${name}/package.json`)))
}

/** The paths `npm pack` would put in the tarball, relative to the package folder. */
function packedFiles(dir: string): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const [report] = JSON.parse(out) as { files: { path: string }[] }[]
  if (!report) throw new Error(`npm pack printed no report in ${dir}`)
  return report.files.map((file) => file.path)
}

/** The package folder's files as git sees them (tracked and new, ignored ones such as dist/ left out). */
function workspaceFiles(dir: string): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '.'], {
    cwd: dir,
    encoding: 'utf8',
  })
  return listed.split('\n').filter((path) => path !== '' && existsSync(join(dir, path)))
}

/** Every leaf of an `exports` value with the condition it sits under (`null` for a bare string). */
function leavesOf(value: ExportTarget, condition: string | null = null): Leaf[] {
  if (typeof value === 'string') return [{ condition, target: value }]
  return Object.entries(value).flatMap(([key, inner]) => leavesOf(inner, key))
}

const isTestFile = (path: string) =>
  /(^|\/)(test|tests|testing|__tests__)\//.test(path) || /\.(test|spec)\.[a-z]+$/.test(path)
const isTypeScriptSource = (path: string) =>
  /\.(ts|tsx|mts|cts)$/.test(path) && !/\.d\.(ts|mts|cts)$/.test(path)
const startsAsClientModule = (text: string) => /^(['"])use client\1;?\n/.test(text)

/** What a subpath's `*` stands for: each name for which `pattern` matches a file (`''` without a `*`). */
function stemsOf(pattern: string, files: string[]): string[] {
  const path = posix.normalize(pattern)
  if (!path.includes('*')) return ['']
  const [before = '', after = ''] = path.split('*')
  return files
    .filter((file) => file.startsWith(before) && file.endsWith(after) && !isTestFile(file))
    .map((file) => file.slice(before.length, file.length - after.length))
}

/** Relative specifiers of a module's imports and re-exports (static and `import()`; comments skipped). */
function relativeImports(text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true)
  return importedFiles.map((file) => file.fileName).filter((name) => /^\.{1,2}\//.test(name))
}

/**
 * Everything wrong with a package as packed: `files` is the tarball's list, `workspace` the package folder's
 * files (where the source condition points), `read` a packed file's text.
 */
function packProblems(
  pkg: PackageJson,
  files: string[],
  workspace: string[],
  read: (path: string) => string,
) {
  const problems: string[] = []
  const packed = new Set(files)
  for (const file of files) {
    if (isTestFile(file)) problems.push(`test file packed: ${file}`)
    if (isTypeScriptSource(file)) problems.push(`TypeScript source packed: ${file}`)
  }
  const entries = Object.entries(pkg.exports).map(([subpath, value]) => ({
    subpath,
    leaves: leavesOf(value),
  }))
  if (pkg.types) entries.push({ subpath: 'types', leaves: [{ condition: 'types', target: pkg.types }] })
  for (const { subpath, leaves } of entries) {
    if (subpath === './package.json') continue
    if (!leaves.some((leaf) => leaf.condition === 'types')) problems.push(`${subpath}: no types condition`)
    const source = leaves.find((leaf) => leaf.condition === SOURCE_CONDITION)
    const stems = source ? stemsOf(source.target, workspace) : stemsOf(leaves[0]?.target ?? '', files)
    if (stems.length === 0) problems.push(`${subpath}: matches no file`)
    for (const { condition, target } of leaves) {
      for (const stem of stems) {
        const path = posix.normalize(target.replace('*', stem))
        if (condition === SOURCE_CONDITION) {
          if (!workspace.includes(path)) problems.push(`${subpath} ${condition}: ${path} does not exist`)
        } else if (!packed.has(path)) problems.push(`${subpath} ${condition}: ${path} is not packed`)
      }
    }
  }
  for (const file of files.filter((path) => /\.(js|d\.ts)$/.test(path))) {
    for (const specifier of relativeImports(read(file))) {
      const target = posix.join(posix.dirname(file), specifier)
      if (file.endsWith('.d.ts')) {
        // Declarations keep the sources' `.ts` specifiers, which TypeScript (≥ 5) reads as the sibling `.d.ts`.
        const declaration = target.replace(/\.(ts|tsx|js)$/, '.d.ts')
        if (!packed.has(declaration))
          problems.push(`${file} imports ${specifier}: ${declaration} is not packed`)
      } else if (!/\.(js|json)$/.test(specifier))
        problems.push(`${file} imports ${specifier}: not a .js file`)
      else if (!packed.has(target)) problems.push(`${file} imports ${specifier}: ${target} is not packed`)
    }
  }
  return problems
}

// `npm pack` takes a few seconds on a busy machine; each package is packed once.
describe.each(['@keyframe/protocol', '@keyframe/sdk'])('npm pack of %s', { timeout: 60_000 }, (name) => {
  const dir = packageDir(name)
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson
  const read = (path: string) => readFileSync(join(dir, path), 'utf8')
  let packed: string[] | undefined
  const built = () => {
    if (!existsSync(join(dir, 'dist')))
      throw new Error(`${name} has no dist/: run \`npx turbo run build\` first`)
    packed ??= packedFiles(dir)
    return packed
  }

  test('ships the build, README, CHANGELOG and LICENSE, and nothing a consumer cannot use', () => {
    const files = built()
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE']))
    expect(packProblems(pkg, files, workspaceFiles(dir), read)).toEqual([])
  })

  test('the check finds what the package shipped before its build: tests, sources, exports without types', () => {
    // Control: the package as it was packed before (every file; exports at the sources, no conditions).
    const sources = workspaceFiles(dir)
    const exports = Object.fromEntries(
      Object.entries(pkg.exports).map(([subpath, value]) => {
        const source = leavesOf(value).find((leaf) => leaf.condition === SOURCE_CONDITION)
        return [subpath, source?.target ?? value]
      }),
    )
    const problems = packProblems({ name, exports }, sources, sources, read)
    expect(problems).toContainEqual(expect.stringMatching(/^test file packed: .*\.test\.ts$/))
    expect(problems).toContainEqual(expect.stringMatching(/^TypeScript source packed: src\/.*\.ts$/))
    expect(problems).toContain('.: no types condition')
  })

  test('the check finds modules built without their imports rewritten to .js', () => {
    // Control: each built module read as its source (named by its source map), as if tsc had not rewritten.
    const files = built()
    const asSource = (path: string) => {
      if (!path.endsWith('.js')) return read(path)
      const map = JSON.parse(read(`${path}.map`)) as { sources: string[] }
      return readFileSync(join(dir, posix.dirname(path), map.sources[0] as string), 'utf8')
    }
    const problems = packProblems(pkg, files, workspaceFiles(dir), asSource)
    expect(problems).toContainEqual(expect.stringMatching(/\.js imports \..*\.ts: not a \.js file$/))
  })
})

test("the React entry's built module starts with 'use client', the main entry's does not", () => {
  const dir = packageDir('@keyframe/sdk')
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson
  const built = (subpath: string) => {
    const entry = leavesOf(pkg.exports[subpath] as ExportTarget).find((leaf) => leaf.condition === 'default')
    if (!entry) throw new Error(`${subpath} has no default export target`)
    return readFileSync(join(dir, entry.target), 'utf8')
  }
  expect(startsAsClientModule(built('./react'))).toBe(true)
  // Control: the check is not true of any module (the main entry runs on servers too).
  expect(startsAsClientModule(built('.'))).toBe(false)
})

/** Every module a built entry reaches through relative imports, from `target` (a `./dist/…` path). */
function reachedFrom(dir: string, target: string): string[] {
  const seen = new Set<string>()
  const queue = [posix.normalize(target)]
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const specifier of relativeImports(readFileSync(join(dir, file), 'utf8')))
      queue.push(posix.join(posix.dirname(file), specifier))
  }
  return [...seen]
}

test('@keyframe/sdk/api is packed as an entry of its own that loads none of the modal', () => {
  const dir = packageDir('@keyframe/sdk')
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson
  expect(Object.keys(pkg.exports)).toEqual([
    '.',
    './react',
    './wagmi',
    './api',
    './siwx',
    './siwx/server',
    './package.json',
  ])
  const entry = leavesOf(pkg.exports['./api'] as ExportTarget).find((leaf) => leaf.condition === 'default')
  expect(entry?.target).toBe('./dist/exports/api.js')
  // The client only, no UI, no connectors.
  const reached = reachedFrom(dir, entry!.target)
  expect(reached).toContain('dist/api/createChainApi.js')
  expect(reached.filter((file) => !/^dist\/(exports\/api|api\/[A-Za-z]+|version)\.js$/.test(file))).toEqual(
    [],
  )
})

test('@keyframe/sdk/siwx/server is packed as an entry of its own that reaches only the verifier, for a dApp backend', () => {
  const dir = packageDir('@keyframe/sdk')
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson
  const entry = leavesOf(pkg.exports['./siwx/server'] as ExportTarget).find(
    (leaf) => leaf.condition === 'default',
  )
  expect(entry?.target).toBe('./dist/exports/siwxServer.js')
  const reached = reachedFrom(dir, entry!.target)
  expect(reached).toContain('dist/siwx/server/createSiwxVerifier.js')
  expect(
    reached.filter((file) => !/^dist\/(exports\/siwxServer|siwx\/server\/[A-Za-z]+)\.js$/.test(file)),
  ).toEqual([])
})
