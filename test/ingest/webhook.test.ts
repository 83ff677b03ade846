import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { captureQueue, postWebhook, signWebhook } from './helpers'

afterEach(() => vi.restoreAllMocks())

const body = (query = 'heat-bath random walks') => JSON.stringify({ type: 'arxiv_query', query })

async function storedDeliveries(id: string): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from webhook_deliveries where id = ?')
    .bind(id)
    .first<{ n: number }>()
  return row?.n ?? 0
}

describe('POST /api/ingest/webhook', () => {
  it('queues the job of a delivery signed with the shared secret', async () => {
    const sent = captureQueue()
    const raw = body()
    const headers = signWebhook(raw)
    const res = await postWebhook(raw, headers)
    expect(res.status).toBe(202)
    const { jobs } = (await res.json()) as { jobs: { job_id: string; status: string }[] }
    expect(jobs[0]?.status).toBe('queued')
    expect(sent).toEqual([{ jobId: jobs[0]?.job_id, type: 'arxiv_query' }])
    expect(await storedDeliveries(headers['webhook-id'] ?? '')).toBe(1)
  })

  it('refuses a signature made with another secret', async () => {
    const sent = captureQueue()
    const raw = body()
    const headers = signWebhook(raw, { secret: 'whsec_QmFkU2VjcmV0QmFkU2VjcmV0QmFkU2VjcmV0' })
    const res = await postWebhook(raw, headers)
    expect(res.status).toBe(401)
    expect(sent).toEqual([])
    expect(await storedDeliveries(headers['webhook-id'] ?? '')).toBe(0)
  })

  it('refuses a body changed after signing', async () => {
    const sent = captureQueue()
    const headers = signWebhook(body('original'))
    expect((await postWebhook(body('tampered'), headers)).status).toBe(401)
    expect(sent).toEqual([])
  })

  it('refuses a timestamp older than five minutes', async () => {
    const sent = captureQueue()
    const raw = body()
    const headers = signWebhook(raw, { timestamp: new Date(Date.now() - 6 * 60_000) })
    const res = await postWebhook(raw, headers)
    expect(res.status).toBe(401)
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/too old/)
    expect(sent).toEqual([])
    expect(await storedDeliveries(headers['webhook-id'] ?? '')).toBe(0)
  })

  it('refuses a delivery without the Standard Webhooks headers', async () => {
    const sent = captureQueue()
    const raw = body()
    const { 'webhook-signature': _dropped, ...partial } = signWebhook(raw)
    expect((await postWebhook(raw, partial)).status).toBe(401)
    expect((await postWebhook(raw, {})).status).toBe(401)
    expect(sent).toEqual([])
  })

  it('refuses a replayed webhook-id and queues nothing the second time', async () => {
    const sent = captureQueue()
    const raw = body()
    const headers = signWebhook(raw)
    expect((await postWebhook(raw, headers)).status).toBe(202)
    const replay = await postWebhook(raw, headers)
    expect(replay.status).toBe(401)
    expect(((await replay.json()) as { error: { message: string } }).error.message).toMatch(
      /replay/,
    )
    expect(sent).toHaveLength(1)
  })

  it('answers 400 for a verified body that is not a valid job, storing nothing', async () => {
    const sent = captureQueue()
    const raw = JSON.stringify({ type: 'arxiv_query' })
    const headers = signWebhook(raw)
    const res = await postWebhook(raw, headers)
    expect(res.status).toBe(400)
    expect(sent).toEqual([])
    expect(await storedDeliveries(headers['webhook-id'] ?? '')).toBe(0)
  })

  it('answers 503 when no webhook secret is configured', async () => {
    const sent = captureQueue()
    const raw = body()
    const unconfigured = { ...env, INGEST_WEBHOOK_SECRET: undefined } as unknown as Env
    const res = await postWebhook(raw, signWebhook(raw), unconfigured)
    expect(res.status).toBe(503)
    expect(sent).toEqual([])
  })
})
