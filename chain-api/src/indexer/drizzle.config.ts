import { defineConfig } from 'drizzle-kit'

// From chain-api/: `npx drizzle-kit generate --config src/indexer/drizzle.config.ts --name indexer` after a
// schema change; the SQL is checked in.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/indexer/db/schema.ts',
  out: './src/indexer/drizzle',
})
