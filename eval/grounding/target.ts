// The Quire the grounding report measures: `wrangler dev --local` on loopback with the default
// configuration, offline (no model, whatever .dev.vars says), its state kept under
// .wrangler/eval-grounding so the demo corpus (the SciFact abstracts) is seeded once through
// the ingest queue, exactly as `npm start` seeds it. Or any running Quire given by URL.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')
const WRANGLER = path.join(ROOT, 'node_modules', '.bin', 'wrangler')
const STATE = path.join(ROOT, '.wrangler', 'eval-grounding')
const SEED_TIMEOUT_MS = 20 * 60_000

export interface Target {
  baseUrl: string
  stop(): Promise<void>
}

interface Health {
  corpus?: { state?: string; chunks?: number }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function health(url: string): Promise<Health | null> {
  try {
    const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(10_000) })
    return res.ok ? ((await res.json()) as Health) : null
  } catch {
    return null
  }
}

async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  child?: ChildProcess,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && (!child || child.exitCode === null)) {
    if (await check()) return
    await sleep(1000)
  }
  throw new Error(`${what} within ${Math.round(timeoutMs / 1000)} s`)
}

interface Job {
  status_url: string
}

async function jobStatus(baseUrl: string, job: Job): Promise<string> {
  try {
    const res = await fetch(`${baseUrl}${job.status_url}`, { signal: AbortSignal.timeout(10_000) })
    return res.ok ? ((await res.json()) as { status: string }).status : 'unknown'
  } catch {
    return 'unknown'
  }
}

/** Seeds the demo corpus once (the job is idempotent) and waits until its job is done. */
export async function ensureCorpus(baseUrl: string, log: (m: string) => void): Promise<void> {
  const now = await health(baseUrl)
  if (now?.corpus?.state === 'ready' && (now.corpus.chunks ?? 0) > 0) return
  const res = await fetch(`${baseUrl}/api/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'demo_corpus' }),
  })
  if (!res.ok) throw new Error(`seeding the demo corpus was refused (${res.status})`)
  const { jobs } = (await res.json()) as { jobs: Job[] }
  log('seeding the demo corpus (SciFact abstracts) through the ingest queue…')
  const done = async () => {
    const states = await Promise.all(jobs.map((job) => jobStatus(baseUrl, job)))
    if (states.includes('failed')) throw new Error('seeding the demo corpus failed')
    return states.every((state) => state === 'done')
  }
  await waitFor('the demo corpus was not indexed', done, SEED_TIMEOUT_MS)
}

/** Starts Quire on `port`; `fresh` wipes the kept state first. */
export async function startQuire(
  port: number,
  options: { fresh?: boolean; log: (m: string) => void },
): Promise<Target> {
  if (options.fresh) rmSync(STATE, { recursive: true, force: true })
  mkdirSync(STATE, { recursive: true })
  const env = { ...process.env, CI: 'true' }
  // The demo corpus is a static asset: the UI build copies it into web/dist.
  if (!existsSync(path.join(ROOT, 'web', 'dist', 'corpus', 'scifact.jsonl.gz'))) {
    const vite = path.join(ROOT, 'node_modules', '.bin', 'vite')
    const build = ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']
    if (spawnSync(vite, build, { cwd: ROOT, env, stdio: 'ignore' }).status !== 0)
      throw new Error('the UI build (which carries the demo corpus) failed')
  }
  const migrate = ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE]
  if (spawnSync(WRANGLER, migrate, { cwd: ROOT, env, stdio: 'ignore' }).status !== 0)
    throw new Error('wrangler d1 migrations apply failed')
  const args = ['dev', '--local', '--port', String(port), '--ip', '127.0.0.1']
  args.push('--persist-to', STATE, '--show-interactive-dev-session=false')
  // Given an env file, wrangler reads it instead of the developer's .dev.vars (or .env), so
  // the measured Quire is wrangler.toml's default offline one, whatever that file sets.
  const envFile = path.join(STATE, 'offline.env')
  // Per-client quotas off: every eval request comes from one address.
  const quotasOff = ['SEARCH', 'RUN', 'UPLOAD', 'SESSION'].map((kind) => `CLIENT_${kind}_LIMIT=0\n`)
  writeFileSync(envFile, `LLM_PROVIDER=offline\n${quotasOff.join('')}`, { mode: 0o600 })
  args.push('--env-file', envFile)
  const child = spawn(WRANGLER, args, { cwd: ROOT, env, stdio: 'ignore' })
  const baseUrl = `http://127.0.0.1:${port}`
  options.log(`wrangler dev starting on ${baseUrl} (pid ${child.pid})`)
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await Promise.race([exited, sleep(5_000)])
  }
  try {
    await waitFor(
      'wrangler dev did not answer /health',
      async () => !!(await health(baseUrl)),
      180_000,
      child,
    )
    await ensureCorpus(baseUrl, options.log)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseUrl, stop }
}
