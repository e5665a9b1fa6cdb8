#!/usr/bin/env node
/**
 * Compiles a server (frame-app/server, chain-api/src) to plain JavaScript that `node` starts: one ESM bundle per
 * entry, with the workspace packages (`@keyframe/*`, read from their TypeScript sources) bundled in and npm
 * dependencies left external (installed by `npm ci --omit=dev`). Run from the package folder:
 *   node ../scripts/build-server.mjs <outdir> <name>=<entry.ts>…
 * e.g. `node ../scripts/build-server.mjs dist/server main=server/main.ts` writes dist/server/main.js (+ .map).
 *
 * Files the servers read at run time (drizzle migrations, the built web app) are found by
 * `new URL('<relative>', import.meta.url)` from the module that names them; in a bundle every module shares the
 * bundle's URL, so each such URL is resolved from the module's own source path instead. The bundle therefore
 * needs the package's folder layout beside it (e.g. frame-app/drizzle, frame-app/dist/web,
 * chain-api/src/<area>/drizzle), not its `.ts` files.
 */
import { readFile } from 'node:fs/promises'
import { relative, resolve } from 'node:path'
import { build } from 'esbuild'

const [outdir, ...entries] = process.argv.slice(2)
if (!outdir || entries.length === 0 || entries.some((e) => !e.includes('='))) {
  console.error('usage: node scripts/build-server.mjs <outdir> <name>=<entry.ts>…')
  process.exit(2)
}
const outRoot = resolve(outdir)
const RELATIVE_ASSET = /new URL\(\s*(['"][^'"]+['"])\s*,\s*import\.meta\.url\s*\)/g

/** npm packages stay imports, resolved from node_modules at run time; workspace packages are bundled. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'entry-point' || args.path.startsWith('@keyframe/')
        ? undefined
        : { path: args.path, external: true },
    )
  },
}

/** `new URL('../drizzle', import.meta.url)` keeps meaning "relative to this source file" inside the bundle. */
const sourceRelativeUrls = {
  name: 'source-relative-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8')
      if (!text.includes('import.meta.url')) return undefined
      const fromBundle = relative(outRoot, args.path).split('\\').join('/')
      const base = `new URL(${JSON.stringify(fromBundle)}, import.meta.url)`
      return { contents: text.replace(RELATIVE_ASSET, `new URL($1, ${base})`), loader: 'ts' }
    })
  },
}

const result = await build({
  entryPoints: Object.fromEntries(entries.map((e) => e.split('='))),
  outdir: outRoot,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Bundle the workspace packages from source (P's dev-source export condition), whatever their dist holds.
  conditions: ['@keyframe/source'],
  // Stack traces name the TypeScript lines (`node --enable-source-maps`); the sources themselves stay out.
  sourcemap: true,
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [externalDependencies, sourceRelativeUrls],
})
for (const [file, { bytes }] of Object.entries(result.metafile.outputs))
  if (file.endsWith('.js')) console.log(`${file}  ${(bytes / 1024).toFixed(0)} kB`)
