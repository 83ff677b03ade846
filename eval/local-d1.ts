// A real local D1 for evaluations and benchmarks: wrangler's platform proxy (the Miniflare
// simulator behind `wrangler dev`) over a throwaway config holding only a D1 binding, with
// its data persisted under .wrangler/local-d1/<label>, and migrations/ applied in order.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { getPlatformProxy } from 'wrangler'

export interface LocalD1 {
  db: D1Database
  dir: string
  dispose(options?: { keep?: boolean }): Promise<void>
}

const ROOT = path.resolve(import.meta.dirname, '..')

async function applyMigrations(db: D1Database): Promise<void> {
  const dir = path.join(ROOT, 'migrations')
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_.*\.sql$/.test(f))
    .sort()
  await db.exec('CREATE TABLE IF NOT EXISTS _local_migrations (name TEXT PRIMARY KEY)')
  for (const file of files) {
    const done = await db
      .prepare('SELECT 1 FROM _local_migrations WHERE name = ?')
      .bind(file)
      .first()
    if (done) continue
    const statements = readFileSync(path.join(dir, file), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean)
    await db.batch([
      ...statements.map((s) => db.prepare(s)),
      db.prepare('INSERT INTO _local_migrations (name) VALUES (?)').bind(file),
    ])
  }
}

/** Opens (or creates) a persisted local D1 named after `label`; `fresh` wipes it first. */
export async function openLocalD1(
  label: string,
  options: { fresh?: boolean } = {},
): Promise<LocalD1> {
  const dir = path.join(ROOT, '.wrangler', 'local-d1', label)
  if (options.fresh) rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const configPath = path.join(dir, 'wrangler.toml')
  writeFileSync(
    configPath,
    [
      `name = "quire-${label}"`,
      'compatibility_date = "2025-09-01"',
      '[[d1_databases]]',
      'binding = "DB"',
      `database_name = "quire-${label}"`,
      'database_id = "00000000-0000-0000-0000-000000000000"',
    ].join('\n'),
  )
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath, persist: { path: dir } })
  const db = proxy.env.DB
  await applyMigrations(db)
  return {
    db,
    dir,
    async dispose(opts = {}) {
      await proxy.dispose()
      if (!opts.keep) rmSync(dir, { recursive: true, force: true })
    },
  }
}
