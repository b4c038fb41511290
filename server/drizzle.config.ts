import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  // Each module's tables beside it (docs/architecture.md, "Tables").
  schema: './src/modules/*/*.tables.ts',
  out: './src/db/migrations',
})
