// The system under load: the scripted fake model server on loopback and `wrangler dev --local`
// on a given port, its vars pointing the model at the fake, its state in a throwaway folder.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { startFakeOpenAi } from '../../test/node/fake-openai-server'

const ROOT = path.resolve(import.meta.dirname, '../..')
const WRANGLER = path.join(ROOT, 'node_modules', '.bin', 'wrangler')

export interface Target {
  baseUrl: string
  /** The fake model server's root URL (scripts are registered there). */
  fakeUrl: string
  stop(): Promise<void>
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/health`)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`wrangler dev did not answer /health within ${timeoutMs} ms`)
}

/**
 * Starts the fake and wrangler dev on `port`; stop() ends both and deletes the state.
 * `firstTokenMs` delays every model answer (a model's time to first token); the fake listens
 * on `fakePort` (default: any free port).
 */
export async function startTarget(
  port: number,
  log: (m: string) => void,
  options: { firstTokenMs?: number; fakePort?: number } = {},
): Promise<Target> {
  const fake = await startFakeOpenAi({ firstTokenMs: options.firstTokenMs, port: options.fakePort })
  const persist = path.join(ROOT, '.wrangler', `load-${process.pid}`)
  mkdirSync(persist, { recursive: true })
  const dist = path.join(ROOT, 'web', 'dist')
  if (!existsSync(path.join(dist, 'index.html'))) {
    // The API is what is measured; a missing UI build must not stop the run.
    mkdirSync(dist, { recursive: true })
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Quire</title>')
  }
  const env = { ...process.env, CI: 'true' }
  const migrate = ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]
  if (spawnSync(WRANGLER, migrate, { cwd: ROOT, env, stdio: 'ignore' }).status !== 0)
    throw new Error('wrangler d1 migrations apply failed')
  const vars = {
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: `${fake.url}/v1`,
    LLM_API_KEY: 'load-key',
    LLM_MODEL: 'fake-main',
    LLM_MODEL_FAST: 'fake-fast',
    // Per-client quotas off: a run comes from one address (the bench measures latency, not quotas).
    CLIENT_SEARCH_LIMIT: '0',
    CLIENT_RUN_LIMIT: '0',
    CLIENT_UPLOAD_LIMIT: '0',
    CLIENT_SESSION_LIMIT: '0',
  }
  // Given an env file, wrangler reads it instead of the developer's .dev.vars (or .env): the
  // measured configuration is wrangler.toml's plus these, whatever that file sets.
  const envFile = path.join(persist, 'load.env')
  const lines = Object.entries(vars).map(([k, v]) => `${k}=${v}\n`)
  writeFileSync(envFile, lines.join(''), { mode: 0o600 })
  const args = ['dev', '--local', '--port', String(port), '--ip', '127.0.0.1']
  args.push('--persist-to', persist, '--show-interactive-dev-session=false')
  args.push('--env-file', envFile)
  const child = spawn(WRANGLER, args, { cwd: ROOT, env, stdio: 'ignore' })
  const baseUrl = `http://127.0.0.1:${port}`
  log(`wrangler dev starting on ${baseUrl} (fake model at ${fake.url}, pid ${child.pid})`)
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))])
    }
    await fake.close()
    rmSync(persist, { recursive: true, force: true })
  }
  try {
    await waitForHealth(baseUrl, child, 120_000)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseUrl, fakeUrl: fake.url, stop }
}
