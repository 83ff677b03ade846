// `npm run test:e2e`: builds the UI, starts the scripted fake model server and Quire (pointed at
// it) under `wrangler dev --local` on a free port with a fresh local state, starts seeding the
// demo corpus, runs the browser test, and always stops what it started. Bounded: the whole run
// gives up after RUN_TIMEOUT_MS.
import { spawn, spawnSync } from 'node:child_process'
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const RUN_TIMEOUT_MS = 900_000
const API_KEY = 'e2e-api-key'
/** Requests slower than this are listed after the run: a stalled dev server shows at once. */
const SLOW_REQUEST_MS = 10_000
/** The server logs this run wrote (an earlier run's may still be in artifacts). */
const serverLogs = new Set()
/** Lines of the server log printed when a browser test fails: CI keeps only this output. */
const LOG_TAIL_LINES = 40
const WIDGET_KEY = 'qw_pub_e2e'
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

function canListen(port) {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/**
 * A free port below Linux's ephemeral range (32768-60999), for a port that must stay free for
 * minutes before a test binds it (the widget's host page): a port from `listen(0)` can be
 * handed to wrangler, workerd or the browser in between, and once was (EADDRINUSE in the Stop
 * test). The system hands out ephemeral ports only inside that range.
 */
async function freeFixedPort() {
  for (let tries = 0; tries < 50; tries++) {
    const port = 20000 + Math.floor(Math.random() * 12000)
    if (await canListen(port)) return port
  }
  throw new Error('no free port found between 20000 and 32000')
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

/** Starts test/e2e/fake-model.ts and resolves with its URL once it listens. */
function startFakeModel() {
  const child = spawn(bin('tsx'), ['test/e2e/fake-model.ts'], {
    cwd: root,
    env: childEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let seen = ''
    const timer = setTimeout(() => reject(new Error('the fake model did not start')), 60_000)
    child.once('exit', (code) => reject(new Error(`the fake model exited (${code})`)))
    child.stdout.on('data', (data) => {
      seen += String(data)
      const match = /FAKE_MODEL_URL (\S+)/.exec(seen)
      if (!match) return
      clearTimeout(timer)
      resolve({ child, url: match[1] })
    })
  })
}

/** modelUrl null: no model at all (offline), for the pages whose test is about offline mode. */
function startServer(port, persist, modelUrl, widgetHostPort, logName = 'server.log') {
  serverLogs.add(logName)
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
  // A model is configured (the fake), whatever .dev.vars says: the test takes it away later
  // to see the degraded banner.
  const model = modelUrl
    ? {
        LLM_PROVIDER: 'openai-compatible',
        LLM_BASE_URL: `${modelUrl}/v1`,
        LLM_API_KEY: 'e2e-model-key',
        LLM_MODEL: 'fake-main',
        LLM_MODEL_FAST: 'fake-fast',
      }
    : { LLM_PROVIDER: 'offline' }
  const vars = {
    ...model,
    SHARE_SECRET: 'e2e-share-secret-0123456789abcdef',
    // widget.e2e.ts serves its host page here; the same page as localhost:<port> is refused.
    WIDGET_ORIGINS: `http://127.0.0.1:${widgetHostPort}`,
    WIDGET_PUBLIC_KEYS: WIDGET_KEY,
    EMBEDDINGS_PROVIDER: 'offline',
    SEARCH_PROVIDER: 'corpus',
    QUIRE_API_KEYS: API_KEY,
  }
  // Through an env file, as `npm start` passes its secret: nothing secret on a command line.
  const envFile = path.join(persist, `${logName}.env`)
  writeFileSync(
    envFile,
    Object.entries(vars)
      .map(([key, value]) => `${key}=${value}\n`)
      .join(''),
    { mode: 0o600 },
  )
  args.push('--env-file', envFile)
  // Straight into the file: this script blocks in spawnSync while a browser test runs, so a pipe
  // to it would go undrained (and two pipes into one stream ended it twice when wrangler died).
  const log = openSync(path.join(artifacts, logName), 'w')
  const child = spawn(bin('wrangler'), args, {
    cwd: root,
    env: childEnv,
    detached: true,
    stdio: ['ignore', log, log],
  })
  closeSync(log)
  child.logName = logName
  return child
}

/** The last lines of a server's log, printed into this run's output. */
function printLogTail(logName) {
  const file = path.join(artifacts, logName)
  if (!existsSync(file)) return
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n').slice(-LOG_TAIL_LINES)
  step(`the last ${lines.length} lines of ${logName}:`)
  for (const line of lines) console.log(`  | ${line}`)
}

/** Whether the dev server still answers /health. */
async function serverAnswers(base) {
  try {
    return (await fetchSoon(`${base}/health`)).ok
  } catch {
    return false
  }
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

/** Starts seeding the demo corpus, as `npm start` does on a first run; the page shows it. */
async function startSeeding(base) {
  const res = await fetchSoon(`${base}/api/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` },
    body: JSON.stringify({ type: 'demo_corpus' }),
  })
  if (!res.ok) throw new Error(`ingest refused: ${res.status} ${await res.text()}`)
}

function waitForHealth(server, base) {
  return waitFor(
    async () => {
      if (server.exitCode !== null) {
        throw new Error(`wrangler dev exited (test/e2e/artifacts/${server.logName})`)
      }
      return (await fetchSoon(`${base}/health`)).ok
    },
    90_000,
    `/health (test/e2e/artifacts/${server.logName})`,
  )
}

// E2E_ONLY=write,shell runs only those pages' tests (while developing); CI runs them all.
const ONLY = process.env.E2E_ONLY?.split(',') ?? null

function runBrowserTest(base, model, file = 'answer', widgetHostPort = 0) {
  if (ONLY && !ONLY.includes(file)) return step(`skipping ${file} (E2E_ONLY)`)
  const test = spawnSync(bin('tsx'), [`test/e2e/${file}.e2e.ts`], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...childEnv,
      QUIRE_URL: base,
      E2E_ARTIFACTS: artifacts,
      FAKE_MODEL_URL: model.url,
      FAKE_MODEL_PID: String(model.child.pid),
      WIDGET_HOST_PORT: String(widgetHostPort),
      WIDGET_KEY,
    },
    timeout: RUN_TIMEOUT_MS - 120_000,
  })
  if (test.status !== 0) throw new Error(`the browser test ${file} failed (see above)`)
}

/** Wrangler's request lines in the server logs that took longer than SLOW_REQUEST_MS. */
function reportSlowRequests() {
  const line = /\[wrangler:info\] (\S+ \S+ \d+ [^(]*)\((\d+)ms\)/g
  for (const name of serverLogs) {
    const file = path.join(artifacts, name)
    if (!existsSync(file)) continue
    for (const [, request, ms] of readFileSync(file, 'utf8').matchAll(line)) {
      if (Number(ms) > SLOW_REQUEST_MS)
        step(`slow request in ${name}: ${request.trim()} (${ms} ms)`)
    }
  }
}

async function main() {
  mkdirSync(artifacts, { recursive: true })
  const base = `http://127.0.0.1:${await freePort()}`
  const widgetHostPort = await freeFixedPort()
  const persist = mkdtempSync(path.join(tmpdir(), 'quire-e2e-'))
  let server = null
  let model = null
  /** How the running server was started, so a server that died can be started the same way. */
  let serverModelUrl = null
  const watchdog = setTimeout(() => {
    console.error('[e2e] giving up: the run took too long')
    void Promise.all([stopServer(server), stopServer(model?.child)]).finally(() => process.exit(1))
  }, RUN_TIMEOUT_MS)
  const startAndWait = async (modelUrl, logName) => {
    serverModelUrl = modelUrl
    server = startServer(new URL(base).port, persist, modelUrl, widgetHostPort, logName)
    await waitForHealth(server, base).catch((error) => {
      printLogTail(logName)
      throw error
    })
  }
  // Each page's test runs even when an earlier one failed; the run fails if any did. A failure
  // prints the server's last log lines, and a server that stopped answering is named as its own
  // failure and started again, so one crash does not hide what the later pages do.
  const failures = []
  const attempt = async (file, hostPort = 0) => {
    try {
      runBrowserTest(base, model, file, hostPort)
    } catch (error) {
      failures.push(error.message)
      printLogTail(server.logName)
      if (await serverAnswers(base)) return
      failures.push(`wrangler dev stopped answering during the ${file} test`)
      step(`wrangler dev stopped answering during the ${file} test: starting it again`)
      const logName = `restarted-${server.logName}`
      await stopServer(server)
      await startAndWait(serverModelUrl, logName)
    }
  }
  try {
    step('building the UI')
    run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'])
    run(bin('vite'), ['build', '--config', 'web/vite.widget.config.ts', '--logLevel', 'warn'])
    step('migrating a fresh local D1')
    run(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist])
    step('starting the scripted fake model server')
    model = await startFakeModel()
    step(`starting wrangler dev on ${base} (model: ${model.url})`)
    await startAndWait(model.url, 'server.log')
    // Seeding starts right before the Ask test, which watches the page while the library loads
    // (seeding started earlier, beside another test, could finish before the Ask page opened).
    step('seeding the demo corpus')
    await startSeeding(base)
    step('running the browser tests')
    await attempt('answer')
    // After answer.e2e.ts: the library is in, and the model server has been stopped.
    step('running the app shell and widget browser tests')
    await attempt('shell', widgetHostPort)
    // The shell test presents its own client address (helpers.ts, asOwnClient): the public rate
    // limit counts per client, and the widget's ask must not meet a budget the shell used up.
    await attempt('widget', widgetHostPort)
    step('restarting wrangler dev with no model (offline) for the Write, Papers and Debate pages')
    await stopServer(server)
    await startAndWait(null, 'server-offline.log')
    await attempt('write-offline')
    await attempt('papers')
    await attempt('debate')
    await attempt('views')
    // Last, so the seeding the Ask test watches is not slowed: a model that streams slowly,
    // for a debate interrupted mid-generation and answers stopped mid-stream.
    if (!ONLY || ['write', 'debate-interrupt', 'stop'].some((file) => ONLY.includes(file))) {
      step(
        'restarting the fake model and wrangler dev with it for the Write, interrupt and Stop tests',
      )
      await stopServer(server)
      await stopServer(model?.child)
      model = await startFakeModel()
      await startAndWait(model.url, 'server-model.log')
      // Here, with a model again: the Ask test took the first one away, and the Write test's
      // request is declined on an empty library.
      await attempt('write')
      await attempt('debate-interrupt', widgetHostPort)
      await attempt('stop', widgetHostPort)
    }
    if (failures.length > 0) throw new Error(failures.join('; '))
    step('passed')
  } finally {
    clearTimeout(watchdog)
    await stopServer(server)
    await stopServer(model?.child)
    rmSync(persist, { recursive: true, force: true })
    reportSlowRequests()
  }
}

main().catch((error) => {
  console.error(`[e2e] ${error.message}`)
  process.exitCode = 1
})
