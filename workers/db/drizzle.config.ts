// drizzle-kit settings: generates D1 SQL migrations from schema.ts into migrations/.
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  schema: './workers/db/schema.ts',
  out: './migrations',
})
