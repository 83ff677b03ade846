// The probes behind /health's `checks`: D1, the ingest queue, R2 and the configured chat model,
// each bounded by a short deadline so /health answers within 2 s even when a part hangs. None
// writes anything or spends a token: D1 runs SELECT 1, the queue reads its metrics, R2 heads a
// key that does not exist, the model lists models (cached a few seconds per isolate).
import type { Config } from '../config'

export type CheckState = 'ok' | 'failed' | 'not_configured'

export interface HealthCheck {
  state: CheckState
  /** Why it failed, as a short category (never an upstream message, which may echo a secret). */
  reason?: 'timeout' | 'error' | 'unauthorized' | 'rate_limited' | 'unavailable' | 'missing_binding'
}

export interface HealthChecks {
  d1: HealthCheck
  queue: HealthCheck
  r2: HealthCheck
  model: HealthCheck
}

export interface HealthProbeTargets {
  config: Config
  db: D1Database | undefined
  queue: Queue | undefined
  bucket: R2Bucket | undefined
  ai: Ai | undefined
}

/** Each probe's deadline: the four run in parallel, so /health stays well under 2 s. */
export const CHECK_DEADLINE_MS = 1_500
const MODEL_CACHE_MS = 10_000
const OK: HealthCheck = { state: 'ok' }

class DeadlineError extends Error {}

/** `work`, or a DeadlineError after CHECK_DEADLINE_MS: a hanging part cannot hold /health. */
export async function withinDeadline<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError()), CHECK_DEADLINE_MS)
  })
  try {
    return await Promise.race([work, deadline])
  } finally {
    if (timer !== undefined) clearTimeout(timer)
  }
}

async function bounded(probe: () => Promise<unknown>): Promise<HealthCheck> {
  try {
    await withinDeadline(probe())
    return OK
  } catch (error) {
    return { state: 'failed', reason: error instanceof DeadlineError ? 'timeout' : 'error' }
  }
}

const missing: HealthCheck = { state: 'failed', reason: 'missing_binding' }

/** A reachable endpoint that refuses the key or is out of quota cannot answer either. */
function modelStatusCheck(status: number): HealthCheck {
  if (status === 401 || status === 403) return { state: 'failed', reason: 'unauthorized' }
  if (status === 429) return { state: 'failed', reason: 'rate_limited' }
  // 404: the server has no models list; it answered, so it is up.
  if (status >= 500) return { state: 'failed', reason: 'unavailable' }
  return OK
}

async function probeOpenAiModels(llm: Config['llm']): Promise<HealthCheck> {
  let status = 0
  const check = await bounded(async () => {
    const res = await fetch(`${llm.baseUrl}/models`, {
      headers: { Authorization: `Bearer ${llm.apiKey ?? 'no-key'}` },
      signal: AbortSignal.timeout(CHECK_DEADLINE_MS),
    })
    status = res.status
    await res.body?.cancel()
  })
  return check.state === 'ok' ? modelStatusCheck(status) : check
}

const modelCache = new WeakMap<Config, { at: number; check: Promise<HealthCheck> }>()

function checkModel(targets: HealthProbeTargets, now: number): Promise<HealthCheck> {
  const { config } = targets
  if (config.llm.provider === 'offline') return Promise.resolve({ state: 'not_configured' })
  if (config.llm.provider === 'workers-ai') return Promise.resolve(targets.ai ? OK : missing)
  const cached = modelCache.get(config)
  if (cached && now - cached.at < MODEL_CACHE_MS) return cached.check
  const check = probeOpenAiModels(config.llm)
  modelCache.set(config, { at: now, check })
  return check
}

/** The producer's metrics read the queue itself; a runtime without them has only the binding. */
function checkQueue(queue: Queue): Promise<HealthCheck> {
  if (typeof queue.metrics !== 'function') return Promise.resolve(OK)
  return bounded(() => queue.metrics())
}

export async function runHealthChecks(
  targets: HealthProbeTargets,
  now: number,
): Promise<HealthChecks> {
  const { db, queue, bucket } = targets
  const [d1, queueCheck, r2, model] = await Promise.all([
    db ? bounded(() => db.prepare('SELECT 1').first()) : missing,
    queue ? checkQueue(queue) : missing,
    bucket ? bounded(() => bucket.head('health/probe')) : missing,
    checkModel(targets, now),
  ])
  return { d1, queue: queueCheck, r2, model }
}

/** Degraded when any part that is configured failed. */
export function overallStatus(checks: HealthChecks): 'ok' | 'degraded' {
  return Object.values(checks).some((check) => check.state === 'failed') ? 'degraded' : 'ok'
}
