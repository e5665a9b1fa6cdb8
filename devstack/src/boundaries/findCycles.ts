/**
 * Cycles in a dependency graph, each named by its path (`a → b → a`), each reported once whichever package
 * it is entered from.
 * @module
 */

/** `edges`: each node's direct dependencies; nodes not in the map have none. */
export function findCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles = new Map<string, string[]>()
  const done = new Set<string>()
  const path: string[] = []
  const visit = (node: string) => {
    const at = path.indexOf(node)
    if (at >= 0) {
      const cycle = path.slice(at)
      // The same cycle entered elsewhere is a rotation: keyed by its rotation that starts at the least name.
      const start = cycle.indexOf([...cycle].sort()[0]!)
      const rotated = [...cycle.slice(start), ...cycle.slice(0, start)]
      cycles.set(rotated.join('\0'), [...rotated, rotated[0]!])
      return
    }
    if (done.has(node)) return
    path.push(node)
    for (const next of edges.get(node) ?? []) visit(next)
    path.pop()
    done.add(node)
  }
  for (const node of [...edges.keys()].sort()) visit(node)
  return [...cycles.values()]
}
