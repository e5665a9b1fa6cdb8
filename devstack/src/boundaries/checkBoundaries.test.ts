import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { repoRoot } from '../paths.ts'
import { checkBoundaries } from './checkBoundaries.ts'

test('the workspace: no package cycle, no path out of a package, every @keyframe import declared and exported', () => {
  expect(checkBoundaries(repoRoot)).toEqual([])
}, 60_000)

// Controls: a small workspace laid out like this one before the split, with the kinds of imports it had.
const trees: string[] = []
afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true })
})

type Manifest = {
  dependencies?: string[]
  devDependencies?: string[]
  exports?: Record<string, string>
}

function workspace(packages: Record<string, Manifest>, files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'keyframe-boundaries-'))
  trees.push(root)
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  const versions = (names: string[] = []) => Object.fromEntries(names.map((name) => [name, '0.1.0']))
  write('package.json', JSON.stringify({ private: true, workspaces: Object.keys(packages) }))
  for (const [folder, manifest] of Object.entries(packages))
    write(
      `${folder}/package.json`,
      JSON.stringify({
        name: `@keyframe/${folder}`,
        dependencies: versions(manifest.dependencies),
        devDependencies: versions(manifest.devDependencies),
        ...(manifest.exports ? { exports: manifest.exports } : {}),
      }),
    )
  for (const [path, text] of Object.entries(files)) write(path, text)
  return root
}

const CHAIN_API: Manifest = {
  exports: { '.': './src/index.ts', './modules/*': './src/*/module.ts' },
}
const DEVSTACK: Manifest = {
  dependencies: ['@keyframe/chain-api', '@keyframe/frame'],
  exports: { '.': './src/index.ts' },
}

test('control: the imports of before the split are each named, and what is allowed is not', () => {
  const root = workspace(
    {
      'chain-api': CHAIN_API,
      frame: { devDependencies: ['@keyframe/devstack'] },
      devstack: DEVSTACK,
      bench: { dependencies: ['@keyframe/chain-api', '@keyframe/devstack'] },
    },
    {
      'chain-api/src/index.ts': "export { x } from './app.ts'\n",
      'chain-api/src/names/module.ts': 'export const namesModule = 1\n',
      'chain-api/src/gateway/routes.test.ts': [
        "import { startAnvil } from '../../../devstack/src/chain/anvil.ts'",
        "import { startChains } from '@keyframe/devstack'",
        "const anvil: typeof import('../../../devstack/src/chain/anvil.ts') | undefined = undefined",
      ].join('\n'),
      'frame/server/app.ts': "import { fileLogger } from '@keyframe/devstack'\n",
      'frame/server/main.test.ts': [
        "import { startMailCatcher } from '@keyframe/devstack'",
        "import { createApp } from './app.ts'",
        '// import { x } from "../../chain-api/src/index.ts" (a comment is no import)',
        'const code = "import { y } from \'@keyframe/bench\'"',
      ].join('\n'),
      'devstack/src/index.ts': [
        "import { startChainApi } from '@keyframe/chain-api'",
        "import { namesModule } from '@keyframe/chain-api/modules/names'",
        "import { startStack } from '@keyframe/devstack'",
        "export const repoRoot = new URL('../../', import.meta.url)",
        "export const frameWebDist = new URL('../../frame/dist/web/', import.meta.url)",
      ].join('\n'),
      'bench/src/history.ts': [
        "import { writeBlock } from '../../chain-api/src/indexer/writeBlock.ts'",
        "import { harness } from '@keyframe/chain-api/src/testing/harness.ts'",
        "const { startStack } = await import('../../devstack/src/index.ts')",
        "vi.mock('../../frame/server/app.ts')",
      ].join('\n'),
      // A project of its own (its own package.json), like e2e's consumer apps: not a workspace package's code.
      'bench/consumer/package.json': '{ "name": "consumer" }',
      'bench/consumer/main.ts': "import { createKeyframe } from '@keyframe/sdk'\n",
    },
  )
  expect(checkBoundaries(root)).toEqual([
    // What declaring frame's test import of devstack would do: devstack starts the frame server.
    'package.json: dependency cycle @keyframe/devstack → @keyframe/frame → @keyframe/devstack',
    "chain-api/src/gateway/routes.test.ts:1: '../../../devstack/src/chain/anvil.ts' leaves @keyframe/chain-api into @keyframe/devstack: import it by name",
    "chain-api/src/gateway/routes.test.ts:2: '@keyframe/devstack': @keyframe/devstack is not declared in chain-api/package.json",
    "chain-api/src/gateway/routes.test.ts:3: '../../../devstack/src/chain/anvil.ts' leaves @keyframe/chain-api into @keyframe/devstack: import it by name",
    "frame/server/app.ts:1: '@keyframe/devstack': shipped code needs @keyframe/devstack in dependencies, not devDependencies",
    "devstack/src/index.ts:5: '../../frame/dist/web/' reaches into @keyframe/frame's files",
    "bench/src/history.ts:1: '../../chain-api/src/indexer/writeBlock.ts' leaves @keyframe/bench into @keyframe/chain-api: import it by name",
    "bench/src/history.ts:2: '@keyframe/chain-api/src/testing/harness.ts': @keyframe/chain-api does not export './src/testing/harness.ts'",
    "bench/src/history.ts:3: '../../devstack/src/index.ts' leaves @keyframe/bench into @keyframe/devstack: import it by name",
    "bench/src/history.ts:4: '../../frame/server/app.ts' leaves @keyframe/bench into @keyframe/frame: import it by name",
  ])
})

test('control: declaring what chain-api imported from devstack closes a cycle, and the cycle is named', () => {
  const cycle = workspace(
    { 'chain-api': { ...CHAIN_API, devDependencies: ['@keyframe/devstack'] }, devstack: DEVSTACK },
    {},
  )
  expect(checkBoundaries(cycle)).toEqual([
    'package.json: dependency cycle @keyframe/chain-api → @keyframe/devstack → @keyframe/chain-api',
  ])
  // The split: the fixtures chain-api's tests need live in a package that depends on no app.
  const split = workspace(
    {
      'chain-api': { ...CHAIN_API, devDependencies: ['@keyframe/dev-fixtures'] },
      'dev-fixtures': {},
      devstack: { ...DEVSTACK, dependencies: ['@keyframe/chain-api', '@keyframe/dev-fixtures'] },
    },
    {},
  )
  expect(checkBoundaries(split)).toEqual([])
})
