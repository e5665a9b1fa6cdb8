import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

/**
 * The approval popup's document (`approve.html`), built after the frame's own (`../vite.config.ts`) into the
 * same folder, as a build of its own: sharing chunks with the frame's entry would split that entry, which
 * must stay one file (see `../main.ts`).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL('../../dist/web', import.meta.url)),
    emptyOutDir: false,
    target: 'es2022',
    assetsDir: 'assets',
    modulePreload: false,
    rolldownOptions: { input: fileURLToPath(new URL('approve.html', import.meta.url)) },
  },
})
