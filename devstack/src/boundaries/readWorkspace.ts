/**
 * The workspace as a publisher sees it: each package's name, folder, declared dependencies and `exports`
 * keys, and the source files that belong to it.
 * @module
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type WorkspacePackage = {
  name: string
  /** Absolute folder of the package. */
  dir: string
  dependencies: ReadonlySet<string>
  devDependencies: ReadonlySet<string>
  peerDependencies: ReadonlySet<string>
  /** The subpaths of `exports` (`.`, `./testing`, `./modules/*`); undefined when the package has none. */
  exports: readonly string[] | undefined
}

type PackageJson = {
  name?: string
  workspaces?: string[]
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  exports?: string | Record<string, unknown>
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PackageJson

/** The packages listed in the root package.json's `workspaces` (plain folders, as this repository uses). */
export function readWorkspace(root: string): WorkspacePackage[] {
  return (readJson(join(root, 'package.json')).workspaces ?? []).map((folder) => {
    const dir = join(root, folder)
    const json = readJson(join(dir, 'package.json'))
    if (!json.name) throw new Error(`${folder}/package.json has no name`)
    const { exports } = json
    return {
      name: json.name,
      dir,
      dependencies: new Set(Object.keys(json.dependencies ?? {})),
      devDependencies: new Set(Object.keys(json.devDependencies ?? {})),
      peerDependencies: new Set(Object.keys(json.peerDependencies ?? {})),
      exports:
        exports === undefined
          ? undefined
          : typeof exports === 'string' || !Object.keys(exports).some((key) => key.startsWith('.'))
            ? ['.']
            : Object.keys(exports),
    }
  })
}

const SOURCE = /\.(?:[cm]?[jt]s|tsx|jsx)$/
/** Build output, installed packages and tool state (`.turbo`, `.data`, `.artifacts`) hold no source. */
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report'])

/**
 * The package's source files. A subfolder with a package.json of its own is another project (e.g. e2e's
 * consumer apps, installed outside the workspace) and is left out.
 */
export function sourceFiles(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))
  return entries.flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return existsSync(join(path, 'package.json')) ? [] : sourceFiles(path)
    return SOURCE.test(entry.name) ? [path] : []
  })
}
