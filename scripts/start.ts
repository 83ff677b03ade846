// `npm start`: check the configuration, build the UI, migrate local D1, run `wrangler dev
// --local` on $PORT (default 8787), and seed the demo corpus on first run, or again when the
// last server stopped before the seeding finished.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { unstable_readConfig } from 'wrangler'
import { parseConfig, type Config } from '../workers/config'
import { settleInterruptedJobs } from './interrupted-jobs'
import { createNoticeFilter } from './wrangler-notices'

const root = path.resolve(import.meta.dirname, '..')
const port = Number(process.env.PORT ?? 8787)
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name)

/** Parses wrangler's .dev.vars (dotenv syntax: KEY=value, optional quotes, # comments). */
function readDevVars(file: string): Record<string, string> {
  if (!existsSync(file)) return {}
  const vars: Record<string, string> = {}
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line)
    if (!match?.[1]) continue
    vars[match[1]] = (match[2] ?? '').replace(/^(['"])(.*)\1$/, '$2')
  }
  return vars
}

/** Fails fast, naming the variable, before wrangler starts. */
function checkConfig(): Config {
  const wrangler = unstable_readConfig({ config: path.join(root, 'wrangler.toml') })
  const source = {
    ...(wrangler.vars as Record<string, unknown>),
    ...readDevVars(path.join(root, '.dev.vars')),
  }
  try {
    return parseConfig(source)
  } catch (error) {
    console.error(
      `\n✖ ${(error as Error).message}\n  Fix it in .dev.vars (see .dev.vars.example).\n`,
    )
    process.exit(1)
  }
}

/**
 * Share links are signed with SHARE_SECRET. When .dev.vars sets none, a local one is made once
 * and kept beside the local state (.wrangler/, git-ignored), so links survive a restart. It
 * reaches wrangler through an env file, never the command line (which any local user can read
 * in `ps`). Given env files, wrangler reads them instead of .dev.vars (or .env), so the user's
 * own file is listed after it and its values win.
 */
function localShareSecretArgs(config: Config): string[] {
  if (config.security.shareSecret) return []
  const secretFile = path.join(root, '.wrangler', 'share-secret')
  if (!existsSync(secretFile)) {
    mkdirSync(path.dirname(secretFile), { recursive: true })
    writeFileSync(secretFile, randomBytes(32).toString('base64url'), { mode: 0o600 })
  }
  const envFile = path.join(root, '.wrangler', 'share-secret.env')
  writeFileSync(envFile, `SHARE_SECRET=${readFileSync(secretFile, 'utf8').trim()}\n`, {
    mode: 0o600,
  })
  // Wrangler's own choice: .dev.vars when there is one, else .env and .env.local.
  const own = existsSync(path.join(root, '.dev.vars')) ? ['.dev.vars'] : ['.env', '.env.local']
  const mine = own.map((name) => path.join(root, name)).filter((file) => existsSync(file))
  return [envFile, ...mine].flatMap((file) => ['--env-file', file])
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CI: 'true' },
  })
  if (result.status !== 0) {
    console.error(`✖ ${path.basename(command)} ${args.join(' ')} failed`)
    process.exit(result.status ?? 1)
  }
}

/** Wrangler's output, line by line through `filter`, to this process's own streams. */
function relayOutput(child: ChildProcess, filter: (line: string) => string[]): void {
  const relay = (from: NodeJS.ReadableStream | null, to: NodeJS.WriteStream) => {
    if (!from) return
    createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
      for (const out of filter(line)) to.write(`${out}\n`)
    })
  }
  relay(child.stdout, process.stdout)
  relay(child.stderr, process.stderr)
}

async function waitForHealth(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`)
      if (res.ok) return true
    } catch {
      // not up yet
    }
    // Often: the seeding is queued right after the first answer, while /health says `empty`.
    await new Promise((r) => setTimeout(r, 100))
  }
  return false
}

/**
 * Queues the demo corpus into an empty library, or again when the last seeding was cut short:
 * the ingest job is idempotent, so the rows already in are skipped.
 */
async function seedDemoCorpus(config: Config, interrupted: boolean): Promise<boolean> {
  const health = (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as {
    corpus?: { chunks?: number }
  }
  if ((health.corpus?.chunks ?? 0) > 0 && !interrupted) return false
  const key = config.security.apiKeys[0]
  const res = await fetch(`http://127.0.0.1:${port}/api/ingest`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify({ type: 'demo_corpus' }),
  })
  const seeding = interrupted
    ? '• The last server stopped while seeding: seeding the rest of the demo corpus…'
    : '• Seeding the demo corpus in the background (SciFact abstracts)…'
  console.log(res.ok ? seeding : `! Demo corpus seeding was refused (${res.status})`)
  return res.ok
}

/** Once a seeding queued here is searchable, says so (what /health then says: `ready`). */
async function reportLibraryReady(queued: boolean): Promise<void> {
  const started = Date.now()
  while (queued && Date.now() - started < 15 * 60_000) {
    await new Promise((r) => setTimeout(r, 1000))
    const health = (await fetch(`http://127.0.0.1:${port}/health`)
      .then((res) => res.json())
      .catch(() => ({}))) as { corpus?: { state?: string; sources?: number; chunks?: number } }
    if (health.corpus?.state !== 'ready') continue
    const { sources = 0, chunks = 0 } = health.corpus
    const seconds = Math.round((Date.now() - started) / 1000)
    console.log(`• The library is ready: ${sources} sources, ${chunks} chunks (${seconds} s)`)
    return
  }
}

/** The kinds of the ingest jobs the last server left unfinished, now marked failed. */
function settleJobsOfLastServer(): string[] {
  try {
    const kinds = settleInterruptedJobs()
    if (kinds.length > 0)
      console.log(`• ${kinds.length} ingest job(s) of the last server did not finish`)
    return kinds
  } catch (error) {
    console.error('! Could not check for unfinished ingest jobs:', (error as Error).message)
    return []
  }
}

async function main(): Promise<void> {
  const config = checkConfig()
  console.log(`• Quire starting in ${config.mode} mode`)
  run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'])
  run(bin('vite'), ['build', '--config', 'web/vite.widget.config.ts', '--logLevel', 'warn'])
  run(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local'])
  const interrupted = settleJobsOfLastServer()
  const devArgs = [
    'dev',
    '--local',
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    ...localShareSecretArgs(config),
  ]
  const child = spawn(bin('wrangler'), devArgs, {
    cwd: root,
    stdio: ['inherit', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // Miniflare fetches a sample `Request.cf` from workers.cloudflare.com at start-up; offline
      // that printed two ENOTFOUND stack traces and held the first requests for seconds. Quire
      // reads nothing from request.cf, so the built-in placeholder does.
      CLOUDFLARE_CF_FETCH_ENABLED: process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? 'false',
      // Piped (to drop the notices below), wrangler would print without colours.
      ...(process.stdout.isTTY ? { FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } : {}),
    },
  })
  relayOutput(child, createNoticeFilter(config))
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
  child.on('exit', (code) => process.exit(code ?? 0))
  if (!(await waitForHealth(child, 90_000))) return
  console.log(`• Quire is up: http://127.0.0.1:${port}/  (API: /openapi.json, /health)`)
  await seedDemoCorpus(config, interrupted.includes('demo_corpus'))
    .then(reportLibraryReady)
    .catch((error) => console.error('! Demo corpus seeding failed:', error))
}

await main()
