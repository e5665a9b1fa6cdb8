import { defineConfig } from 'drizzle-kit'

// `npx drizzle-kit generate --config frame-app/drizzle.config.ts` after a schema change; the SQL is checked in.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './drizzle',
})
