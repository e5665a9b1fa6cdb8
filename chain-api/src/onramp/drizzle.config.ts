import { defineConfig } from 'drizzle-kit'

// From chain-api/: `npx drizzle-kit generate --config src/onramp/drizzle.config.ts --name onramp` after a
// schema change; the SQL is checked in.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/onramp/db/schema.ts',
  out: './src/onramp/drizzle',
})
