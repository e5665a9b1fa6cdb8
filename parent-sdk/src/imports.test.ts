// The SDK's static import graph has no cycle (issue 15): a module in a cycle can be read before it has run
// (a `const` in its temporal dead zone), and a cycle between core and connectors means neither can be
// understood alone. Read with the TypeScript parser, so text in strings or comments is no import.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

const SRC = dirname(fileURLToPath(import.meta.url))

/** Every non-test .ts/.tsx file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/**
 * The relative specifiers `text` loads when it runs: `import … from`, `import '…'`, `export … from`.
 * `import type` / `export type` are left out: TypeScript erases them, so they load nothing and order
 * nothing at run time. `import()` is left out too: it runs later, once every static import has run.
 */
export function staticImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false)
  const found: string[] = []
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      specifier = statement.moduleSpecifier
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      specifier = statement.moduleSpecifier
    }
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
      found.push(specifier.text)
    }
  }
  return found
}

type Graph = ReadonlyMap<string, readonly string[]>

/** The import graph of the files under `root`: each file (relative path) → the files it imports. */
function importGraph(root: string): Graph {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(root)) {
    const targets = staticImports(file, readFileSync(file, 'utf8')).map((specifier) =>
      relative(root, resolve(dirname(file), specifier)),
    )
    graph.set(relative(root, file), targets)
  }
  return graph
}

/** The first cycle found by depth-first search, as the path that closes it (`a → b → a`), or undefined. */
function findCycle(graph: Graph): string[] | undefined {
  const done = new Set<string>()
  const path: string[] = []
  const onPath = new Set<string>()
  const visit = (node: string): string[] | undefined => {
    if (onPath.has(node)) return [...path.slice(path.indexOf(node)), node]
    if (done.has(node)) return undefined
    onPath.add(node)
    path.push(node)
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next)
      if (cycle) return cycle
    }
    path.pop()
    onPath.delete(node)
    done.add(node)
    return undefined
  }
  for (const node of graph.keys()) {
    const cycle = visit(node)
    if (cycle) return cycle
  }
  return undefined
}

describe('the import graph of parent-sdk/src', () => {
  test('has no cycle', () => {
    const graph = importGraph(SRC)
    expect(graph.size).toBeGreaterThan(50)
    expect(findCycle(graph)?.join(' → ')).toBeUndefined()
  })

  test('control: a cycle, however long, is found; type imports and import() are no edges', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'd.ts']],
      ['c.ts', []],
      ['d.ts', ['b.ts']],
    ])
    expect(findCycle(graph)).toEqual(['b.ts', 'd.ts', 'b.ts'])
    expect(
      findCycle(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toBeUndefined()
    const text = [
      "import { x } from './x.ts'",
      "import './side.ts'",
      "import type { T } from './types.ts'",
      "export type { U } from './types2.ts'",
      "export { y } from './y.ts'",
      "import { type V, w } from './w.ts'",
      "import { z } from 'zod/mini'",
      "const lazy = () => import('./lazy.ts') // import { no } from './comment.ts'",
      'const s = "import { no } from \'./string.ts\'"',
    ].join('\n')
    expect(staticImports('f.ts', text)).toEqual(['./x.ts', './side.ts', './y.ts', './w.ts'])
  })
})
