import { defineConfig } from 'drizzle-kit'

// From chain-api/: `npx drizzle-kit generate --config src/gateway/drizzle.config.ts --name gateway`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/gateway/db/schema.ts',
  out: './src/gateway/drizzle',
})
