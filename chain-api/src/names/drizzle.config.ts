import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/names/db/schema.ts',
  out: './src/names/drizzle',
})
