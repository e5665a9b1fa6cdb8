/**
 * The workspace's package boundaries, as a publisher would need them: no cycle among the packages'
 * declared dependencies, no relative path out of a package (its neighbours are reached by name, through
 * their `exports`), every `@keyframe/*` import declared by the importer — in `dependencies` when code that
 * ships uses it — and only through an `exports` entry of the package.
 * @module
 */
import { readFileSync } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'
import { findCycles } from './findCycles.ts'
import { moduleReferences } from './moduleReferences.ts'
import { readWorkspace, sourceFiles, type WorkspacePackage } from './readWorkspace.ts'

/** Tests, test helpers, scripts and tool configs: what a package's published code never loads. */
const DEV_ONLY =
  /(?:\.test|\.spec)\.[cm]?[jt]sx?$|(?:^|\/)(?:test|tests|testing|scripts)\/|(?:^|\/)[\w.-]+\.config\.[cm]?[jt]s$/

/** The scope of the workspace's own packages. */
const SCOPE = '@keyframe/'

const inside = (dir: string, path: string) => path === dir || path.startsWith(dir + sep)

/** `@keyframe/chain-api/modules/names` → [`@keyframe/chain-api`, `./modules/names`]. */
function splitSpecifier(specifier: string): [string, string] {
  const [scope, name, ...rest] = specifier.split('/')
  return [`${scope}/${name}`, rest.length ? `./${rest.join('/')}` : '.']
}

/** Whether `subpath` is one of `exports`' keys, `*` patterns included (`./modules/*`). */
function exported(exports: readonly string[], subpath: string): boolean {
  return exports.some((key) => {
    const star = key.indexOf('*')
    if (star < 0) return key === subpath
    const [before, after] = [key.slice(0, star), key.slice(star + 1)]
    return subpath.length > key.length - 1 && subpath.startsWith(before) && subpath.endsWith(after)
  })
}

/** Every problem, one line each (`path:line: what`), paths relative to `root`; empty when all is well. */
export function checkBoundaries(root: string): string[] {
  const packages = readWorkspace(root)
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]))
  const problems: string[] = []

  const declared = (pkg: WorkspacePackage) =>
    [...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies].filter((name) => byName.has(name))
  for (const cycle of findCycles(new Map(packages.map((pkg) => [pkg.name, declared(pkg)]))))
    problems.push(`package.json: dependency cycle ${cycle.join(' → ')}`)

  for (const pkg of packages) {
    for (const file of sourceFiles(pkg.dir)) {
      const where = relative(root, file)
      const devOnly = DEV_ONLY.test(relative(pkg.dir, file).split(sep).join('/'))
      const text = readFileSync(file, 'utf8')
      // Only these can name another package: a './' path stays in its folder (parsing is the slow part).
      if (!text.includes('../') && !text.includes(SCOPE)) continue
      for (const { specifier, line, kind } of moduleReferences(file, text)) {
        const at = `${where}:${line}`
        if (specifier.startsWith('.')) {
          const target = resolve(dirname(file), specifier)
          if (inside(pkg.dir, target)) continue
          const owner = packages.find((other) => inside(other.dir, target))
          if (kind === 'import')
            problems.push(
              `${at}: '${specifier}' leaves ${pkg.name}${owner ? ` into ${owner.name}: import it by name` : ''}`,
            )
          // A path out of the package (the repository root, say) is fine; into another package's files it is not.
          else if (owner) problems.push(`${at}: '${specifier}' reaches into ${owner.name}'s files`)
          continue
        }
        if (kind !== 'import' || !specifier.startsWith(SCOPE)) continue
        const [name, subpath] = splitSpecifier(specifier)
        if (name === pkg.name) continue
        const target = byName.get(name)
        if (!target) problems.push(`${at}: '${specifier}': no workspace package is named ${name}`)
        else if (!declared(pkg).includes(name))
          problems.push(
            `${at}: '${specifier}': ${name} is not declared in ${relative(root, pkg.dir)}/package.json`,
          )
        else if (!devOnly && !pkg.dependencies.has(name) && !pkg.peerDependencies.has(name))
          problems.push(
            `${at}: '${specifier}': shipped code needs ${name} in dependencies, not devDependencies`,
          )
        if (target?.exports && !exported(target.exports, subpath))
          problems.push(`${at}: '${specifier}': ${name} does not export '${subpath}'`)
      }
    }
  }
  return problems
}
