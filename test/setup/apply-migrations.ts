// Runs before each test file. Files share a worker's runtime (`isolate: false`, for speed), so
// each one starts from a new database: every table of an earlier file dropped, the migrations
// applied afresh (their seed rows with them), and the isolate's per-database caches forgotten.
import { applyD1Migrations, env, type D1Migration } from 'cloudflare:test'
import { forgetDatabaseCaches } from '../../workers/db'

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[]
    }
  }
}

await dropEveryTable(env.DB)
forgetDatabaseCaches()
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)

async function dropEveryTable(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'table'
         AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'`,
    )
    .all<{ name: string; sql: string | null }>()
  const virtual = results
    .filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql ?? ''))
    .map((table) => table.name)
  // A virtual table's shadow tables (chunks_fts_data, …) go with it; its triggers and
  // indexes go with each table.
  const tables = results
    .map((table) => table.name)
    .filter((name) => !virtual.some((owner) => name.startsWith(`${owner}_`)))
  if (tables.length === 0) return
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = true'),
    ...tables.map((name) => db.prepare(`DROP TABLE IF EXISTS "${name}"`)),
  ])
}
