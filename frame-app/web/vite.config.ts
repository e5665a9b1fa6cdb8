import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

/**
 * The entry installs the message guard and only then `import()`s the bridge (post-robot must load after the
 * guard). This adds `<link rel="modulepreload">` for the entry's static imports and for its dynamic imports
 * with their static imports, so the bridge downloads in parallel with the entry. modulepreload fetches and
 * parses a module; it never runs it, so the order of evaluation is unchanged.
 */
function preloadEntryDynamicImports(): Plugin {
  return {
    name: 'keyframe:preload-entry-dynamic-imports',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return
        const files = new Set<string>()
        const add = (fileName: string) => {
          const target = bundle[fileName]
          if (files.has(fileName) || target?.type !== 'chunk') return
          files.add(fileName)
          for (const imported of target.imports) add(imported)
        }
        for (const fileName of [...chunk.imports, ...chunk.dynamicImports]) add(fileName)
        files.delete(chunk.fileName) // the entry's own <script>
        return [...files].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${fileName}` },
          injectTo: 'head' as const,
        }))
      },
    },
  }
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  publicDir: false,
  plugins: [preloadEntryDynamicImports()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    assetsDir: 'assets',
    // Preload links come from the plugin above; Vite's runtime preload helper and polyfill are not needed.
    modulePreload: false,
  },
})
