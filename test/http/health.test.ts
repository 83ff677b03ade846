// /health tells the truth (issue 49 item 7): a failing D1, queue, R2 or configured model makes
// it `degraded` and names the part, within 2 s; anonymous counts cover the public library only.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { envWith } from './test-app'

interface HealthBody {
  status: string
  checks: Record<string, { state: string; reason?: string }>
  corpus: { sources: number; documents: number; chunks: number } | null
}

async function health(testEnv: Env): Promise<{ res: Response; body: HealthBody; ms: number }> {
  const started = Date.now()
  const res = await app.request('/health', {}, testEnv)
  return { res, body: await res.json<HealthBody>(), ms: Date.now() - started }
}

const rejecting = () => Promise.reject(new Error('down'))
const hanging = () => new Promise<never>(() => undefined)

describe('GET /health checks', () => {
  it('says degraded and names d1 when D1 fails, with corpus null', async () => {
    const broken = {
      ...env,
      DB: { prepare: () => ({ first: rejecting, bind: () => ({ first: rejecting }) }) },
    } as unknown as Env
    const { res, body } = await health(broken)
    expect(res.status).toBe(200)
    expect(body.status).toBe('degraded')
    expect(body.checks.d1).toEqual({ state: 'failed', reason: 'error' })
    expect(body.checks.r2?.state).toBe('ok')
    expect(body.corpus).toBeNull()
  })

  it('says degraded and names the queue when its binding fails', async () => {
    const broken = {
      ...env,
      INGEST_QUEUE: { metrics: rejecting, send: rejecting },
    } as unknown as Env
    const { body } = await health(broken)
    expect(body.status).toBe('degraded')
    expect(body.checks.queue).toEqual({ state: 'failed', reason: 'error' })
    expect(body.checks.d1?.state).toBe('ok')
  })

  it('says degraded and names r2 when the bucket fails', async () => {
    const broken = { ...env, PAPERS_PDF: { head: rejecting } } as unknown as Env
    const { body } = await health(broken)
    expect(body.status).toBe('degraded')
    expect(body.checks.r2).toEqual({ state: 'failed', reason: 'error' })
  })

  it('answers within 2 s, naming a timeout, when a part hangs', async () => {
    const hung = {
      ...env,
      DB: { prepare: () => ({ first: hanging, bind: () => ({ first: hanging }) }) },
      PAPERS_PDF: { head: hanging },
    } as unknown as Env
    const { body, ms } = await health(hung)
    expect(ms).toBeLessThan(2_000)
    expect(body.status).toBe('degraded')
    expect(body.checks.d1).toEqual({ state: 'failed', reason: 'timeout' })
    expect(body.checks.r2).toEqual({ state: 'failed', reason: 'timeout' })
    expect(body.corpus).toBeNull()
  })

  it('says degraded and names the model when a configured model cannot be reached', async () => {
    // A closed loopback port: connection refused, no real network.
    const online = envWith(env, { LLM_API_KEY: 'sk-test', LLM_BASE_URL: 'http://127.0.0.1:9/v1' })
    const { body } = await health(online)
    expect(body.status).toBe('degraded')
    expect(body.checks.model?.state).toBe('failed')
    expect(body.checks.d1?.state).toBe('ok')
  })

  it('counts only the public library, never a session private upload', async () => {
    const before = (await health(env)).body.corpus
    await insertSource(env.DB, `papers:${crypto.randomUUID()}`)
    expect((await health(env)).body.corpus).toEqual(before)
    // The same rows in the library do count: the check can see a change.
    await insertSource(env.DB, 'corpus')
    expect((await health(env)).body.corpus).toMatchObject({
      sources: (before?.sources ?? 0) + 1,
      documents: (before?.documents ?? 0) + 1,
      chunks: (before?.chunks ?? 0) + 1,
    })
  })
})

/** One source, document and chunk in `namespace`, as ingestion writes them. */
async function insertSource(db: D1Database, namespace: string): Promise<void> {
  const id = crypto.randomUUID()
  await db.batch([
    db
      .prepare(
        `INSERT INTO sources (id, namespace, kind, external_id, title) VALUES (?, ?, 'text', ?, 'Marker')`,
      )
      .bind(`src-${id}`, namespace, id),
    db
      .prepare(
        `INSERT INTO documents (id, source_id, namespace, title, content_hash) VALUES (?, ?, ?, 'Marker', ?)`,
      )
      .bind(`doc-${id}`, `src-${id}`, namespace, id),
    db
      .prepare(
        `INSERT INTO chunks (document_id, source_id, namespace, paper_key, ordinal, title, content, token_count, content_hash)
         VALUES (?, ?, ?, ?, 0, 'Marker', 'private marker text', 3, ?)`,
      )
      .bind(`doc-${id}`, `src-${id}`, namespace, id, id),
  ])
}
