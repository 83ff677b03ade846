// Applies D1 migrations before each test file (idempotent: applied ones are recorded).
import { applyD1Migrations, env, type D1Migration } from 'cloudflare:test'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[]
    }
  }
}

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
