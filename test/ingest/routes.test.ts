import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { captureQueue, getJson, jobStatus, postIngest } from './helpers'

interface ErrorBody {
  error: { code: string; message: string; details?: unknown; request_id: string }
}

afterEach(() => vi.restoreAllMocks())

describe('POST /api/ingest', () => {
  it('refuses a request without the API key', async () => {
    const sent = captureQueue()
    const res = await postIngest({ type: 'arxiv_query', query: 'graphs' }, {})
    expect(res.status).toBe(401)
    expect(sent).toEqual([])
  })

  it('refuses a wrong API key', async () => {
    const res = await postIngest(
      { type: 'arxiv_query', query: 'graphs' },
      { authorization: 'Bearer nope' },
    )
    expect(res.status).toBe(401)
  })

  it('is open, and says so, when no API key is configured', async () => {
    captureQueue()
    const open = { ...env, QUIRE_API_KEYS: '' } as Env
    const res = await app.request(
      '/api/ingest',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'demo_corpus', namespace: 'open-mode' }),
      },
      open,
    )
    expect(res.status).toBe(202)
    expect(((await res.json()) as { auth?: { mode: string } }).auth?.mode).toBe('open')
  })

  it('answers 400 with zod issues for an unknown job type', async () => {
    const sent = captureQueue()
    const res = await postIngest({ type: 'ftp', url: 'ftp://example.org' })
    expect(res.status).toBe(400)
    const body = (await res.json()) as ErrorBody
    expect(body.error.code).toBe('validation_failed')
    expect(JSON.stringify(body.error.details)).toContain('type')
    expect(sent).toEqual([])
  })

  it('answers 400 when max_results is above 50', async () => {
    const res = await postIngest({ type: 'arxiv_query', query: 'graphs', max_results: 51 })
    expect(res.status).toBe(400)
    expect(JSON.stringify(((await res.json()) as ErrorBody).error.details)).toContain('max_results')
  })

  it('answers 400 for more than 20 jobs in one request', async () => {
    const jobs = Array.from({ length: 21 }, (_, i) => ({ type: 'arxiv_query', query: `q${i}` }))
    const res = await postIngest({ jobs })
    expect(res.status).toBe(400)
  })

  it('answers 400 for a non-http URL and for a blank text', async () => {
    expect((await postIngest({ type: 'url', url: 'file:///etc/passwd' })).status).toBe(400)
    expect((await postIngest({ type: 'text', title: 'Blank', text: '   ' })).status).toBe(400)
  })

  it('queues one job: 202, a queued row and one message carrying its id', async () => {
    const sent = captureQueue()
    const res = await postIngest({ type: 'arxiv_ids', ids: ['1605.08386'] })
    expect(res.status).toBe(202)
    const { jobs } = (await res.json()) as {
      jobs: { job_id: string; status: string; status_url: string }[]
    }
    expect(jobs).toHaveLength(1)
    const [job] = jobs
    expect(job).toMatchObject({ status: 'queued', status_url: `/api/ingest/${job?.job_id}` })
    expect(sent).toEqual([{ jobId: job?.job_id, type: 'arxiv_ids' }])
    const row = await env.DB.prepare('select kind, status, input from ingest_jobs where id = ?')
      .bind(job?.job_id)
      .first<{ kind: string; status: string; input: string }>()
    expect(row).toMatchObject({ kind: 'arxiv_ids', status: 'queued' })
    expect(JSON.parse(row?.input ?? '{}')).toEqual({
      type: 'arxiv_ids',
      ids: ['1605.08386'],
      namespace: 'corpus',
    })
  })

  it('queues a batch, applying the batch namespace to jobs without their own', async () => {
    const sent = captureQueue()
    const res = await postIngest({
      namespace: 'lab',
      jobs: [
        { type: 'crossref_query', query: 'protein folding', rows: 5 },
        { type: 'text', title: 'Notes', text: 'Some notes.', namespace: 'notes' },
      ],
    })
    expect(res.status).toBe(202)
    const { jobs } = (await res.json()) as { jobs: { job_id: string }[] }
    expect(sent.map((m) => m.type)).toEqual(['crossref_query', 'text'])
    const namespaces = await Promise.all(
      jobs.map(async (j) => (await jobStatus(j.job_id)).namespace),
    )
    expect(namespaces).toEqual(['lab', 'notes'])
  })

  it('returns the demo_corpus job already in flight instead of queuing another', async () => {
    const sent = captureQueue()
    const first = (await (await postIngest({ type: 'demo_corpus' })).json()) as {
      jobs: { job_id: string }[]
    }
    const second = (await (await postIngest({ type: 'demo_corpus' })).json()) as {
      jobs: { job_id: string }[]
    }
    expect(second.jobs[0]?.job_id).toBe(first.jobs[0]?.job_id)
    expect(sent).toHaveLength(1)
  })

  it('fails the new jobs and answers 502 when the queue refuses them', async () => {
    vi.spyOn(env.INGEST_QUEUE, 'sendBatch').mockRejectedValue(new Error('queue unavailable'))
    const res = await postIngest({ type: 'text', title: 'Lost', text: 'This will not be queued.' })
    expect(res.status).toBe(502)
    const row = await env.DB.prepare(
      `select status, errors from ingest_jobs where input like '%will not be queued%'`,
    ).first<{ status: string; errors: string }>()
    expect(row?.status).toBe('failed')
    expect(row?.errors).toContain('could not be queued')
  })
})

describe('GET /api/ingest/:job', () => {
  it('reports a queued job with zero counts', async () => {
    captureQueue()
    const res = await postIngest({ type: 'url', url: 'https://example.org/page' })
    const { jobs } = (await res.json()) as { jobs: { job_id: string }[] }
    const status = await jobStatus(jobs[0]?.job_id ?? '')
    expect(status).toMatchObject({
      type: 'url',
      status: 'queued',
      counts: { sources: 0, documents: 0, chunks: 0, skipped: 0 },
      errors: [],
      attempts: 0,
    })
    expect(Date.parse(status.created_at)).not.toBeNaN()
  })

  it('answers 404 for an unknown job', async () => {
    const res = await getJson('/api/ingest/00000000-0000-0000-0000-000000000000')
    expect(res.status).toBe(404)
    expect(((await res.json()) as ErrorBody).error.code).toBe('not_found')
  })

  it('needs the API key', async () => {
    expect((await getJson('/api/ingest/anything', {})).status).toBe(401)
  })
})

describe('GET /api/ingest/corpus', () => {
  it('reports an empty corpus before anything is indexed', async () => {
    const res = await getJson('/api/ingest/corpus')
    expect(await res.json()).toEqual({ sources: 0, documents: 0, chunks: 0, empty: true })
  })
})
