// npm run bench:load [-- --sessions 50 --per-session 6 --uploaders 5 --port 8805
//   --base-url <url> --budget-s 300]
// Starts the scripted fake model and `wrangler dev` on loopback (or uses --base-url), opens N
// sessions, then runs four phases at N-way concurrency: bare GET /health, POST /api/ask (SSE),
// the same asks while --uploaders other tenants upload large private files carrying their own
// markers and chat over them, and a mix of asks, chat turns, stops and reads. Prints throughput
// per phase, /api/ask throughput as a ratio of /health's, latency p50/p95/p99 per operation
// (including the first packet under load), the public ask p95 with and without the uploads,
// errors by code, cross-session leaks and uploaders' markers seen by other tenants (both 0).
import { parseArgs } from 'node:util'
import { table } from '../eval/report'
import { LoadRun, startTarget, type Target } from './load'

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '50' },
    'per-session': { type: 'string', default: '6' },
    port: { type: 'string', default: '8805' },
    'base-url': { type: 'string' },
    'budget-s': { type: 'string', default: '300' },
    uploaders: { type: 'string', default: '5' },
  },
})

const log = (m: string) => process.stderr.write(`${m}\n`)

async function main(): Promise<void> {
  const target: Target = values['base-url']
    ? { baseUrl: values['base-url'], fakeUrl: '', stop: async () => undefined }
    : await startTarget(Number(values.port), log)
  const run = new LoadRun({
    baseUrl: target.baseUrl,
    fakeUrl: target.fakeUrl || undefined,
    sessions: Number(values.sessions),
    perSession: Number(values['per-session']),
    deadline: Date.now() + Number(values['budget-s']) * 1000,
  })
  try {
    await run.open()
    log(`opened ${values.sessions} sessions`)
    await run.health()
    await run.asks()
    const uploaders = Number(values.uploaders)
    if (uploaders > 0) await run.asksDuringUploads(uploaders)
    await run.mixed()
  } finally {
    await target.stop()
  }
  const rate = (name: string) => {
    const p = run.phases.find((x) => x.name === name)
    return p ? p.requests / p.seconds : 0
  }
  const out = (s: string) => process.stdout.write(`${s}\n`)
  out(
    `Load: ${values.sessions} concurrent sessions, ${values['per-session']} requests each per phase\n`,
  )
  out(
    table(
      ['phase', 'requests', 'seconds', 'req/s'],
      run.phases.map((p) => [
        p.name,
        p.requests,
        p.seconds.toFixed(1),
        (p.requests / p.seconds).toFixed(1),
      ]),
    ),
  )
  out(
    `\n/api/ask throughput / /health throughput = ${(rate('POST /api/ask') / Math.max(1e-9, rate('GET /health'))).toFixed(3)} (target >= 0.2)\n`,
  )
  const seconds = run.phases.reduce((s, p) => s + p.seconds, 0)
  out(
    table(
      ['operation', 'count', 'req/s (whole run)', 'p50 ms', 'p95 ms', 'p99 ms'],
      run.tally.rows(seconds),
    ),
  )
  out(
    `\nErrors by code: ${run.tally.errors.size ? JSON.stringify(Object.fromEntries(run.tally.errors)) : 'none'}`,
  )
  for (const [key, body] of run.tally.samples) out(`  first ${key}: ${body}`)
  out(`Stops that landed: ${run.stopsLanded}`)
  out(`Replies naming their own session's token: ${run.ownTokenSeen}`)
  out(`Cross-session leaks (another session's token in a reply): ${run.leaks}`)
  if (Number(values.uploaders) > 0) {
    const alone = run.tally.quantile('ask', 0.95)
    const during = run.tally.quantile('ask during uploads', 0.95)
    out(`Private uploads stored: ${run.uploadsStored} of ${values.uploaders}`)
    out(`Uploaders' replies carrying their own marker: ${run.ownMarkerSeen}`)
    out(`Uploaders' markers seen by other tenants: ${run.markerLeaks} (must be 0)`)
    out(
      `Public /api/ask p95: ${alone.toFixed(0)} ms alone, ${during.toFixed(0)} ms during the uploads (ratio ${(during / Math.max(1e-9, alone)).toFixed(2)})`,
    )
  }
  if (run.leaks > 0 || run.markerLeaks > 0) process.exitCode = 1
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error))
  process.exit(1)
})
