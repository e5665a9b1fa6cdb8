/**
 * The on-ramp area: options, quotes, purchase URLs and the dev sandbox provider (`onramp_sessions`).
 * @module
 */
import { fileURLToPath } from 'node:url'
import type { ChainApiModule } from '../module.ts'
import { onrampRoutes } from './routes.ts'

export const onrampModule: ChainApiModule = {
  name: 'onramp',
  routes: onrampRoutes,
  migrations: {
    folder: fileURLToPath(new URL('./drizzle', import.meta.url)),
    table: '__drizzle_migrations_onramp',
  },
}
