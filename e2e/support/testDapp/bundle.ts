/**
 * Builds `sdkEntry.ts` with `@keyframe/sdk` into one classic script (an IIFE, its lazy chunks inlined),
 * in memory: the test adds it as an init script, so nothing is written next to the sources.
 * @module
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const entry = fileURLToPath(new URL('./sdkEntry.ts', import.meta.url))

export async function buildSdkBundle(): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    // The SDK from its sources (its `@keyframe/source` export condition), as the demo dApp's Vite build takes it.
    conditions: ['@keyframe/source'],
    // React (the modal's UI) picks its production build, as a site's bundler would.
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    write: false,
    logLevel: 'silent',
  })
  const [output] = result.outputFiles
  if (!output) throw new Error('esbuild produced no SDK bundle')
  return output.text
}
