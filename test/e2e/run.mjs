// `npm run test:e2e`: builds the UI, starts Quire offline under `wrangler dev --local` on a free
// port with a fresh local state, indexes a few abstracts, runs the browser test, and always
// stops the server it started. Bounded: the whole run gives up after RUN_TIMEOUT_MS.
import { spawn, spawnSync } from 'node:child_process'
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const RUN_TIMEOUT_MS = 300_000
const API_KEY = 'e2e-api-key'
const root = path.resolve(import.meta.dirname, '../..')
const artifacts = path.join(root, 'test/e2e/artifacts')
const bin = (name) => path.join(root, 'node_modules/.bin', name)
const childEnv = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' }

/** fetch with a deadline: a server that accepts and never answers must not hang the run. */
function fetchSoon(url, init = {}) {
  return fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
}

function step(message) {
  console.log(`[e2e] ${message}`)
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: childEnv })
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed`)
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if (await check()) return
    } catch (error) {
      // A refused or timed-out connection means "not up yet"; anything else is a real failure.
      if (!(error instanceof TypeError) && error?.name !== 'TimeoutError') throw error
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`timed out waiting for ${what}`)
}

function startServer(port, persist) {
  const log = createWriteStream(path.join(artifacts, 'server.log'))
  const args = [
    'dev',
    '--local',
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--persist-to',
    persist,
  ]
  // Offline whatever .dev.vars says: the test is about the no-keys experience.
  const vars = { LLM_PROVIDER: 'offline', SEARCH_PROVIDER: 'corpus', QUIRE_API_KEYS: API_KEY }
  for (const [key, value] of Object.entries(vars)) args.push('--var', `${key}:${value}`)
  const child = spawn(bin('wrangler'), args, {
    cwd: root,
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.pipe(log)
  child.stderr.pipe(log)
  return child
}

/** Ends the process group this script created (wrangler runs workerd as its child). */
async function stopServer(child) {
  if (!child || child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal)
    } catch {
      // already gone
    }
  }
  signalGroup('SIGTERM')
  const timer = setTimeout(() => signalGroup('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}

async function seedCorpus(base) {
  const rows = readFileSync(
    path.join(root, 'test/fixtures/answer/vitamin-d-abstracts.jsonl'),
    'utf8',
  )
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
  const jobs = rows.map((row) => ({
    type: 'text',
    title: row.title,
    text: row.text,
    external_id: `scifact:${row._id}`,
  }))
  const res = await fetchSoon(`${base}/api/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` },
    body: JSON.stringify({ jobs }),
  })
  if (!res.ok) throw new Error(`ingest refused: ${res.status} ${await res.text()}`)
  const { jobs: queued } = await res.json()
  const headers = { authorization: `Bearer ${API_KEY}` }
  await waitFor(
    async () => {
      const statuses = await Promise.all(
        queued.map(
          async (job) =>
            (await (await fetchSoon(`${base}/api/ingest/${job.job_id}`, { headers })).json())
              .status,
        ),
      )
      if (statuses.includes('failed')) throw new Error('an ingest job failed')
      return statuses.every((status) => status === 'done')
    },
    90_000,
    'the test abstracts to be indexed',
  )
}

function waitForHealth(server, base) {
  return waitFor(
    async () => {
      if (server.exitCode !== null) {
        throw new Error('wrangler dev exited (see test/e2e/artifacts/server.log)')
      }
      return (await fetchSoon(`${base}/health`)).ok
    },
    90_000,
    '/health (see test/e2e/artifacts/server.log)',
  )
}

/** Runs every page's browser test (one failing does not hide the others' results). */
function runBrowserTest(base) {
  const failed = []
  for (const file of ['test/e2e/answer.e2e.ts', 'test/e2e/debate.e2e.ts']) {
    const test = spawnSync(bin('tsx'), [file], {
      cwd: root,
      stdio: 'inherit',
      env: { ...childEnv, QUIRE_URL: base, E2E_ARTIFACTS: artifacts },
      timeout: 180_000,
    })
    if (test.status !== 0) failed.push(file)
  }
  if (failed.length > 0) throw new Error(`browser tests failed: ${failed.join(', ')} (see above)`)
}

async function main() {
  mkdirSync(artifacts, { recursive: true })
  const base = `http://127.0.0.1:${await freePort()}`
  const persist = mkdtempSync(path.join(tmpdir(), 'quire-e2e-'))
  let server = null
  const watchdog = setTimeout(() => {
    console.error('[e2e] giving up: the run took too long')
    void stopServer(server).finally(() => process.exit(1))
  }, RUN_TIMEOUT_MS)
  try {
    step('building the UI')
    run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'])
    step('migrating a fresh local D1')
    run(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist])
    step(`starting wrangler dev on ${base}`)
    server = startServer(new URL(base).port, persist)
    await waitForHealth(server, base)
    step('indexing the test abstracts')
    await seedCorpus(base)
    step('running the browser test')
    runBrowserTest(base)
    step('passed')
  } finally {
    clearTimeout(watchdog)
    await stopServer(server)
    rmSync(persist, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(`[e2e] ${error.message}`)
  process.exitCode = 1
})
