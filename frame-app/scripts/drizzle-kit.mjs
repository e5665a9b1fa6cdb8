// `npm run -w frame-app db:generate` (after a change under server/db/schema/): runs drizzle-kit, which npm
// hoisted to the root node_modules, so that it finds the drizzle-orm this package uses (frame-app/node_modules,
// not hoisted). Without this, drizzle-kit says "Please install latest version of drizzle-orm".
import Module, { createRequire, register } from 'node:module'
import { pathToFileURL } from 'node:url'

const here = pathToFileURL(new URL('../package.json', import.meta.url).pathname).href
register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/'))
        return next(specifier, { ...context, parentURL: ${JSON.stringify(here)} })
      return next(specifier, context)
    }`)}`,
)
// …and its require('drizzle-orm/…') too.
process.env.NODE_PATH = new URL('../node_modules', import.meta.url).pathname
// Internal API: re-reads NODE_PATH.
Module._initPaths()
const require = createRequire(import.meta.url)
const bin = require.resolve('drizzle-kit').replace(/index\.js$/, 'bin.cjs')
process.argv.splice(1, 1, bin)
require(bin)
