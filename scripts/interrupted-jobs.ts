// Ingest jobs a stopped local server left unfinished. Local queues live in the dev server's
// memory: a job still queued or running when `wrangler dev` starts can never finish, and a
// seeding cut short by Ctrl-C would otherwise show "Loading the demo library" for ten minutes
// and then leave a partial library that says it is ready. Before the server starts, such jobs
// are marked failed with the reason, so the caller can queue the seeding again (it is
// idempotent: the rows already indexed are skipped).
//
// Run as a script (`tsx scripts/interrupted-jobs.ts [--persist-to DIR]`) it prints the kinds
// it settled, one per line: the browser tests restart a server that died this way.
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler')
const INTERRUPTED_REASON =
  'interrupted: the local server stopped before this job finished (queue it again)'

/** Marks every unfinished ingest job failed; returns the kinds of the jobs it settled. */
export function settleInterruptedJobs(persistTo?: string): string[] {
  const reason = INTERRUPTED_REASON.replace(/'/g, "''")
  const sql =
    `UPDATE ingest_jobs SET status = 'failed', updated_at = ${Date.now()}, ` +
    `errors = json_insert(errors, '$[#]', '${reason}') ` +
    `WHERE status IN ('queued', 'running') RETURNING kind`
  const args = ['d1', 'execute', 'DB', '--local', '--json', '--command', sql]
  if (persistTo) args.push('--persist-to', persistTo)
  const result = spawnSync(wrangler, args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
  })
  if (result.status !== 0) {
    throw new Error(`wrangler d1 execute failed: ${result.stderr.trim().split('\n').at(-1)}`)
  }
  const [statement] = JSON.parse(result.stdout) as { results: { kind: string }[] }[]
  return (statement?.results ?? []).map((row) => row.kind)
}

if (import.meta.filename === process.argv[1]) {
  const at = process.argv.indexOf('--persist-to')
  const kinds = settleInterruptedJobs(at === -1 ? undefined : process.argv[at + 1])
  for (const kind of kinds) console.log(kind)
}
