// Runs the bench Worker (bench/worker/index.ts) in workerd through wrangler's startWorker: a
// throwaway config with the D1 binding and wrangler.toml's [vars] (Quire's default
// configuration), state persisted under .wrangler/bench/<label> so the worker can be restarted
// over the same index (a cold isolate), loopback only.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { unstable_readConfig, unstable_startWorker } from 'wrangler'

const ROOT = path.resolve(import.meta.dirname, '..')
// Miniflare otherwise fetches a Request.cf template from the internet at every start.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false'

/** CPU time (user + system, ms) used so far by the workerd processes this process started. */
export function workerdCpuMs(): number {
  const ticksPerMs = 100 / 1000 // Linux USER_HZ
  let total = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // Fields after the command name (which may hold spaces) start at ') '.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const [state, ppid] = fields
      if (state === undefined || Number(ppid) !== process.pid) continue
      if (!stat.includes('(workerd)')) continue
      total += (Number(fields[11]) + Number(fields[12])) / ticksPerMs
    } catch {
      // The process ended between listing and reading.
    }
  }
  return total
}

function directoryBytes(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size
  }
  return total
}

export interface BenchWorker {
  /** Requests sent again after the local runtime restarted under them. */
  retries: number
  post<T>(route: string, body: unknown): Promise<T>
  get<T>(route: string): Promise<T>
  /** Bytes of the persisted state (the local D1's SQLite files): storage per chunk. */
  stateBytes(): number
  /** A new isolate over the same persisted state: every in-isolate cache starts empty. */
  restart(): Promise<void>
  dispose(options?: { keep?: boolean }): Promise<void>
}

function migrationFiles(): string[][] {
  const dir = path.join(ROOT, 'migrations')
  return readdirSync(dir)
    .filter((f) => /^\d{4}_.*\.sql$/.test(f))
    .sort()
    .map((file) => [
      file,
      ...readFileSync(path.join(dir, file), 'utf8')
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter(Boolean),
    ])
}

function writeConfig(dir: string, label: string): string {
  mkdirSync(dir, { recursive: true })
  const main = unstable_readConfig({ config: path.join(ROOT, 'wrangler.toml') })
  const vars = Object.entries(main.vars as Record<string, unknown>)
    .map(([key, value]) => `${key} = ${JSON.stringify(String(value))}`)
    .join('\n')
  const file = path.join(dir, 'wrangler.toml')
  writeFileSync(
    file,
    [
      `name = "quire-${label}"`,
      `main = ${JSON.stringify(path.join(ROOT, 'bench/worker/index.ts'))}`,
      `compatibility_date = ${JSON.stringify(main.compatibility_date)}`,
      `compatibility_flags = ${JSON.stringify(main.compatibility_flags)}`,
      '[[d1_databases]]',
      'binding = "DB"',
      `database_name = "quire-${label}"`,
      'database_id = "00000000-0000-0000-0000-000000000000"',
      '[vars]',
      vars,
    ].join('\n'),
  )
  return file
}

export async function startBenchWorker(
  label: string,
  options: { port: number; fresh?: boolean },
): Promise<BenchWorker> {
  const dir = path.join(ROOT, '.wrangler', 'bench', label)
  if (options.fresh) rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  let starts = 0
  // A fresh config folder per start: wrangler bundles into the config's folder, and a bundle
  // folder still being removed by the last worker's dispose() broke the next build.
  const start = () =>
    unstable_startWorker({
      config: writeConfig(path.join(dir, `config-${starts++}`), label),
      dev: {
        server: { hostname: '127.0.0.1', port: options.port },
        inspector: false,
        persist: path.join(dir, 'state'),
        watch: false,
        logLevel: 'warn',
      },
    })
  let worker = await start()
  await worker.ready
  const call = async <T>(
    route: string,
    init?: { method: string; headers: Record<string, string>; body: string },
  ): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      const response = await worker.fetch(`http://127.0.0.1:${options.port}${route}`, init)
      const text = await response.text()
      // Miniflare's own answer when the runtime restarted under the request (seen on this
      // shared machine): try once more, and count it so the report shows it.
      if (response.status === 503 && /restarted mid-request/.test(text) && attempt === 0) {
        bench.retries += 1
        continue
      }
      if (!response.ok) throw new Error(`${route}: ${response.status} ${text.slice(0, 500)}`)
      return JSON.parse(text) as T
    }
  }
  const post = <T>(route: string, body: unknown) =>
    call<T>(route, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const bench: BenchWorker = {
    retries: 0,
    post,
    get: (route) => call(route),
    stateBytes: () => directoryBytes(path.join(dir, 'state')),
    async restart() {
      await worker.dispose()
      worker = await start()
      await worker.ready
      // The runtime comes up on the first request (seconds): a count, which no cache holds.
      await call('/count')
    },
    async dispose(opts = {}) {
      await worker.dispose()
      if (!opts.keep) rmSync(dir, { recursive: true, force: true })
    },
  }
  await post('/migrate', migrationFiles())
  return bench
}
