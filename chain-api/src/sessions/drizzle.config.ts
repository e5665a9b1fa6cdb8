import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/sessions/db/schema.ts',
  out: './src/sessions/drizzle',
})
