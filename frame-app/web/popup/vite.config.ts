import { fileURLToPath } from 'node:url'
import { defaultClientConditions, defineConfig } from 'vite'

/**
 * The approval popup's document (`approve.html`), built after the frame's own (`../vite.config.ts`) into the
 * same folder, as a build of its own: sharing chunks with the frame's entry would split that entry, which
 * must stay one file (see `../main.ts`).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  publicDir: false,
  // @keyframe/protocol from its sources (its `@keyframe/source` export condition), not its dist/.
  resolve: { conditions: ['@keyframe/source', ...defaultClientConditions] },
  build: {
    outDir: fileURLToPath(new URL('../../dist/web', import.meta.url)),
    emptyOutDir: false,
    target: 'es2022',
    assetsDir: 'assets',
    modulePreload: false,
    rolldownOptions: { input: fileURLToPath(new URL('approve.html', import.meta.url)) },
  },
})
