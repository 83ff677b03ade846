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

/** Bounds the whole run, a restarted server and a page's second run included. */
const RUN_TIMEOUT_MS = 1_200_000
/** Chunks of the seeded demo corpus (answer.e2e.ts checks the same count). */
const DEMO_CHUNKS = 5228
const SEEDING_TIMEOUT_MS = 300_000
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

/**
 * fetch with a deadline: a server that accepts and never answers must not hang the run. Once
 * more on a kept-alive socket the server had already closed (UND_ERR_SOCKET "other side
 * closed": undici reused an idle connection wrangler dev dropped while a spec ran).
 */
async function fetchSoon(url, init = {}) {
  const once = () => fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
  try {
    return await once()
  } catch (error) {
    if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error
    return once()
  }
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
    // Per-client quotas off: a run comes from one address (tests set their own limits).
    CLIENT_SEARCH_LIMIT: '0',
    CLIENT_RUN_LIMIT: '0',
    CLIENT_UPLOAD_LIMIT: '0',
    CLIENT_SESSION_LIMIT: '0',
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

/**
 * Whether the dev server still answers /health: three tries of ten seconds (a loaded machine
 * can be slow once; a server that is gone or hung stays silent).
 */
async function serverAnswers(base) {
  for (let tries = 0; tries < 3; tries++) {
    try {
      if ((await fetchSoon(`${base}/health`)).ok) return true
    } catch {
      // silent this time
    }
    await new Promise((r) => setTimeout(r, 2000))
  }
  return false
}

/**
 * Waits until the library is whole: the demo corpus seeded to the end. A seeding that is not
 * running (its server stopped) is queued again; the rows already in are skipped.
 */
async function libraryWhole(base) {
  const corpus = async () => (await (await fetchSoon(`${base}/health`)).json()).corpus
  const first = await corpus()
  if (first?.state === 'ready' && first.chunks >= DEMO_CHUNKS) return
  if (first?.state !== 'seeding') {
    step(`the library holds ${first?.chunks ?? 0} of ${DEMO_CHUNKS} chunks: seeding the rest`)
    await startSeeding(base)
  }
  await waitFor(
    async () => {
      const now = await corpus()
      return now?.state === 'ready' && now.chunks >= DEMO_CHUNKS
    },
    SEEDING_TIMEOUT_MS,
    'the demo library to be whole',
  )
}

/** Ends the process group this script created (wrangler runs workerd as its child). */
async function stopServer(child) {
  if (!child) return
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal)
    } catch {
      // already gone
    }
  }
  // wrangler gone on its own may leave workerd behind, holding the port.
  if (child.exitCode !== null || child.signalCode !== null) return signalGroup('SIGKILL')
  const exited = new Promise((resolve) => child.once('exit', resolve))
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
      QUIRE_API_KEY: API_KEY,
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
  let persist = mkdtempSync(path.join(tmpdir(), 'quire-e2e-'))
  /** Every state directory this run made: a fresh server gets its own. */
  const persists = [persist]
  const migrate = () =>
    run(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist])
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
  /** Settles the jobs the stopped server left unfinished, so a seeding cut short can restart. */
  const settleInterruptedJobs = () => {
    const settled = spawnSync(
      bin('tsx'),
      ['scripts/interrupted-jobs.ts', '--persist-to', persist],
      { cwd: root, encoding: 'utf8', env: childEnv },
    )
    if (settled.status !== 0) throw new Error(`settling jobs failed: ${settled.stderr}`)
    return settled.stdout.split('\n').filter(Boolean)
  }
  /**
   * Starts the server again on the same state. The library the later pages read must be whole:
   * a seeding the stopped server left unfinished is queued again (rows already in are skipped).
   */
  const restartServer = async (modelUrl, logName) => {
    await stopServer(server)
    const settled = settleInterruptedJobs()
    if (settled.length > 0) step(`the stopped server left unfinished: ${settled.join(', ')}`)
    await startAndWait(modelUrl, logName)
    await libraryWhole(base)
    // The shell meets the model server the Ask test stopped: without that test, stop it here,
    // but not when this restart points the server at a model (the Write, interrupt and Stop
    // tests' restart: under E2E_ONLY their model was stopped right after it started).
    if (ONLY && !ONLY.includes('answer') && modelUrl === null) {
      await stopServer(model?.child)
    }
  }
  /** A new server on a new state, with a model and a seeding just started: the Ask test's start. */
  const freshServerSeeding = async (logName) => {
    await stopServer(server)
    await stopServer(model?.child)
    persist = mkdtempSync(path.join(tmpdir(), 'quire-e2e-'))
    persists.push(persist)
    migrate()
    model = await startFakeModel()
    await startAndWait(model.url, logName)
    await startSeeding(base)
  }
  // Each page's test runs even when an earlier one failed, and a page whose test fails runs
  // once more, as Playwright's CI setting does: on a loaded 2-core machine `wrangler dev` has
  // held a request for minutes, and before 4.156 it exited with an empty error when one
  // forwarded request failed (workers-sdk issues 15203, 15317 and 15447); no page can help
  // that. A failure prints the server's last log lines; a server that stopped answering is
  // started again first. The run fails when a second run fails too, and names every page
  // that needed one.
  const failures = []
  const secondRuns = []
  const attempt = async (file, hostPort = 0, retry = false) => {
    try {
      runBrowserTest(base, model, file, hostPort)
      if (retry) secondRuns.push(file)
    } catch (error) {
      printLogTail(server.logName)
      const answering = await serverAnswers(base)
      const gone = server.exitCode !== null || server.signalCode !== null
      const how = gone
        ? `exited (${server.signalCode ?? `code ${server.exitCode}`})`
        : 'stopped answering /health'
      const logName = `restarted-${file}-${server.logName}`
      if (retry) {
        failures.push(error.message)
        if (answering) return
        failures.push(`wrangler dev ${how} during the ${file} test's second run`)
        await restartServer(serverModelUrl, logName)
        return
      }
      step(
        answering
          ? `the ${file} test failed: running it once more`
          : `wrangler dev ${how} during the ${file} test: starting it again to run the test once more`,
      )
      // The Ask test watches a seeding from an empty library, with the model it then stops.
      if (file === 'answer') await freshServerSeeding(logName)
      else if (!answering) await restartServer(serverModelUrl, logName)
      await attempt(file, hostPort, true)
    }
  }
  try {
    step('building the UI')
    run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'])
    run(bin('vite'), ['build', '--config', 'web/vite.widget.config.ts', '--logLevel', 'warn'])
    step('migrating a fresh local D1')
    migrate()
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
    // After answer.e2e.ts the model server has been stopped. The shell's questions need the
    // whole library, which a run without the Ask test (E2E_ONLY) has not yet waited for.
    await libraryWhole(base)
    // The shell meets the model server the Ask test stopped: without that test, stop it here.
    if (ONLY && !ONLY.includes('answer')) {
      await stopServer(model?.child)
    }
    step('running the app shell and widget browser tests')
    await attempt('shell', widgetHostPort)
    // The shell test presents its own client address (helpers.ts, asOwnClient): the public rate
    // limit counts per client, and the widget's ask must not meet a budget the shell used up.
    await attempt('widget', widgetHostPort)
    step('restarting wrangler dev with no model (offline) for the Write, Papers and Debate pages')
    await restartServer(null, 'server-offline.log')
    await attempt('write-offline')
    await attempt('papers')
    await attempt('debate')
    await attempt('views')
    await attempt('composer')
    await attempt('foreign-session')
    await attempt('claims')
    // The official openai client's Responses calls, offline (no browser).
    await attempt('openai-client')
    // Last, so the seeding the Ask test watches is not slowed: a model that streams slowly,
    // for a debate interrupted mid-generation and answers stopped mid-stream.
    if (!ONLY || ['write', 'debate-interrupt', 'stop'].some((file) => ONLY.includes(file))) {
      step(
        'restarting the fake model and wrangler dev with it for the Write, interrupt and Stop tests',
      )
      await stopServer(model?.child)
      model = await startFakeModel()
      await restartServer(model.url, 'server-model.log')
      // Here, with a model again: the Ask test took the first one away, and the Write test's
      // request is declined on an empty library.
      await attempt('write')
      await attempt('debate-interrupt', widgetHostPort)
      await attempt('stop', widgetHostPort)
    }
    if (secondRuns.length > 0)
      step(`passed only on a second run (first failure above): ${secondRuns.join(', ')}`)
    if (failures.length > 0) throw new Error(failures.join('; '))
    step('passed')
  } finally {
    clearTimeout(watchdog)
    await stopServer(server)
    await stopServer(model?.child)
    for (const dir of persists) rmSync(dir, { recursive: true, force: true })
    reportSlowRequests()
  }
}

main().catch((error) => {
  // "fetch failed" alone names no cause: undici keeps it (refused, reset, headers timeout…).
  const cause = error.cause
    ? ` (${error.cause.code ?? ''} ${error.cause.message ?? error.cause})`
    : ''
  console.error(`[e2e] ${error.message}${cause}`)
  if (error.stack) console.error(error.stack.split('\n').slice(1, 4).join('\n'))
  process.exitCode = 1
})
