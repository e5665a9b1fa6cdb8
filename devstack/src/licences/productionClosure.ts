/**
 * The packages a deployment or an install of our shipped packages gets, read from package-lock.json (v3):
 * each shipped workspace's `dependencies` and `optionalDependencies`, and theirs, transitively, resolved as
 * Node resolves them (the nearest `node_modules/<name>` up the tree). Peer dependencies count unless marked
 * optional (npm installs the others); devDependencies never do: they are not shipped. It is what
 * `npm install @keyframe/sdk` brings and what the servers' images install (`npm ci --workspace=… --omit=dev`).
 * @module
 */

/** The part of a package-lock.json v3 `packages` entry the walk reads. */
export type LockEntry = {
  name?: string
  version?: string
  license?: string
  link?: boolean
  resolved?: string
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}
export type Lockfile = { lockfileVersion: number; packages: Record<string, LockEntry> }

/** One package of the closure: its lockfile path, its licence as declared, and the package that needs it. */
export type ClosurePackage = {
  path: string
  name: string
  version: string
  license: string | undefined
  via: string
}

/** The lockfile path `name` resolves to from the package at `from` (Node's walk up the node_modules). */
function resolveFrom(packages: Lockfile['packages'], from: string, name: string): string | undefined {
  let dir = from
  for (;;) {
    const path = `${dir ? `${dir}/` : ''}node_modules/${name}`
    if (packages[path]) return path
    if (!dir) return undefined
    const nested = dir.lastIndexOf('/node_modules/')
    dir = nested === -1 ? '' : dir.slice(0, nested)
  }
}

/**
 * Every third-party package in the production closure of the workspaces at `roots` (lockfile paths such as
 * `parent-sdk`); workspace packages themselves are walked through, not listed.
 * @throws Error naming a dependency the lockfile cannot resolve (the lockfile is out of date).
 */
export function productionClosure(lock: Lockfile, roots: readonly string[]): ClosurePackage[] {
  if (lock.lockfileVersion < 2)
    throw new Error(`package-lock.json v${lock.lockfileVersion}: expected v2 or v3`)
  const { packages } = lock
  const found = new Map<string, ClosurePackage>()
  const seen = new Set<string>()
  const queue = roots.map((root) => ({ path: root, via: '(shipped)' }))
  for (let next = queue.pop(); next; next = queue.pop()) {
    let { path } = next
    let entry = packages[path]
    if (!entry) throw new Error(`${next.via} needs ${path}, which package-lock.json does not hold`)
    // A workspace is a link from node_modules/<name> to its folder; its own folder holds its fields.
    if (entry.link && entry.resolved !== undefined) {
      path = entry.resolved
      entry = packages[path]
      if (!entry) throw new Error(`package-lock.json links to ${path}, which it does not hold`)
    }
    if (seen.has(path)) continue
    seen.add(path)
    const isWorkspace = !path.includes('node_modules/')
    if (!isWorkspace)
      found.set(path, {
        path,
        name: entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
        version: entry.version ?? '',
        license: entry.license,
        via: next.via,
      })
    const optionalPeers = Object.entries(entry.peerDependenciesMeta ?? {}).filter(([, m]) => m.optional)
    const peers = Object.keys(entry.peerDependencies ?? {}).filter(
      (name) => !optionalPeers.some(([optional]) => optional === name),
    )
    const optional = Object.keys(entry.optionalDependencies ?? {})
    for (const name of [...Object.keys(entry.dependencies ?? {}), ...peers, ...optional]) {
      const dependency = resolveFrom(packages, path, name)
      // An optional dependency for another platform is not installed, so not in the lockfile's tree.
      if (!dependency && optional.includes(name)) continue
      if (!dependency) throw new Error(`${path} depends on ${name}, which package-lock.json does not resolve`)
      queue.push({ path: dependency, via: entry.name ?? path })
    }
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path))
}
