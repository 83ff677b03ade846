import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import sample from '../fixtures/ingest/scifact-corpus-5.jsonl?raw'
import { app } from '../../workers/app'
import { captureQueue, jobStatus, queueJob, runBatch } from './helpers'

afterEach(() => vi.restoreAllMocks())

async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** An env whose ASSETS serves the 5-row SciFact sample at the demo corpus path. */
async function envWithCorpus(requested: string[] = []): Promise<Env> {
  const body = await gzip(sample)
  const assets = {
    fetch: async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      requested.push(url.pathname)
      if (url.pathname !== '/corpus/scifact.jsonl.gz')
        return new Response('not found', { status: 404 })
      return new Response(body, { headers: { 'content-type': 'application/gzip' } })
    },
  }
  return { ...env, ASSETS: assets } as unknown as Env
}

interface CorpusHealth {
  state: string
  sources: number
  chunks: number
  total: number | null
}

/** /health counts only the namespaces asks read: here, the one this test seeds. */
async function corpusHealth(namespace = 'demo-h'): Promise<CorpusHealth> {
  const res = await app.request('/health', {}, { ...env, ASK_NAMESPACES: namespace })
  return (await res.json<{ corpus: CorpusHealth }>()).corpus
}

describe('demo_corpus job', () => {
  it('fans out into slices, indexes each once and finishes when all are in', async () => {
    const requested: string[] = []
    const testEnv = await envWithCorpus(requested)
    const { jobId, message } = await queueJob({ type: 'demo_corpus', namespace: 'demo-a' })
    const sent = captureQueue()
    const root = await runBatch([{ body: { ...message, sliceSize: 2 } }], { env: testEnv })
    expect(root.explicitAcks).toHaveLength(1)
    expect(requested).toEqual(['/corpus/scifact.jsonl.gz'])
    expect(sent.map((m) => m.slice)).toEqual([
      { offset: 0, limit: 2 },
      { offset: 2, limit: 2 },
      { offset: 4, limit: 2 },
    ])
    expect(await jobStatus(jobId)).toMatchObject({
      status: 'running',
      progress: { parts: 3, parts_done: 0 },
    })

    await runBatch(
      sent.slice(0, 2).map((body) => ({ body })),
      { env: testEnv },
    )
    expect(await jobStatus(jobId)).toMatchObject({ status: 'running', progress: { parts_done: 2 } })
    await runBatch([{ body: sent[2] }], { env: testEnv })
    const done = await jobStatus(jobId)
    expect(done).toMatchObject({ status: 'done', progress: { parts: 3, parts_done: 3 } })
    expect(done.counts.sources).toBe(5)
    expect(done.counts.chunks).toBeGreaterThanOrEqual(5)
    const corpus = await env.DB.prepare(
      `select count(*) as n from sources where kind = 'corpus'`,
    ).first<{ n: number }>()
    expect(corpus?.n).toBe(5)
    // The last slice queues merging the full-text index, once.
    expect(sent.slice(3)).toEqual([{ jobId, type: 'demo_corpus', merge: { round: 1, fts: true } }])
  })

  it('reports seeding with the corpus size on /health until the last slice is in', async () => {
    const testEnv = await envWithCorpus()
    const { message } = await queueJob({ type: 'demo_corpus', namespace: 'demo-h' })
    expect(await corpusHealth()).toMatchObject({ state: 'seeding', total: null })
    const sent = captureQueue()
    await runBatch([{ body: { ...message, sliceSize: 3 } }], { env: testEnv })
    expect(await corpusHealth()).toMatchObject({ state: 'seeding', total: 5 })
    await runBatch([{ body: sent[0] }], { env: testEnv })
    const halfway = await corpusHealth()
    expect(halfway).toMatchObject({ state: 'seeding', total: 5 })
    expect(halfway.sources).toBeGreaterThanOrEqual(3)
    await runBatch([{ body: sent[1] }], { env: testEnv })
    const ready = await corpusHealth()
    expect(ready).toMatchObject({ state: 'ready', total: null })
    expect(ready.sources).toBeGreaterThanOrEqual(5)
  })

  it('skips a malformed line without losing the rows of its slice', async () => {
    const lines = sample.split('\n').filter(Boolean)
    const broken = [lines[0], '{"_id": "broken", "text": ', ...lines.slice(1)].join('\n')
    const body = await gzip(broken)
    const testEnv = {
      ...env,
      ASSETS: { fetch: async () => new Response(body) },
    } as unknown as Env
    const { jobId, message } = await queueJob({ type: 'demo_corpus', namespace: 'demo-m' })
    const sent = captureQueue()
    await runBatch([{ body: { ...message, sliceSize: 2 } }], { env: testEnv })
    await runBatch(
      sent.map((body) => ({ body })),
      { env: testEnv },
    )
    const done = await jobStatus(jobId)
    expect(done).toMatchObject({ status: 'done', progress: { parts: 3, parts_done: 3 } })
    // Sources are shared across namespaces (other tests stored them); documents are per namespace.
    expect(done.counts.documents).toBe(5)
  })

  it('counts a redelivered slice only once', async () => {
    const testEnv = await envWithCorpus()
    const { jobId, message } = await queueJob({ type: 'demo_corpus', namespace: 'demo-b' })
    const sent = captureQueue()
    await runBatch([{ body: { ...message, sliceSize: 3 } }], { env: testEnv })
    expect(sent).toHaveLength(2)
    await runBatch([{ body: sent[0] }], { env: testEnv })
    const once = await jobStatus(jobId)
    await runBatch([{ body: sent[0], attempts: 2 }], { env: testEnv })
    const twice = await jobStatus(jobId)
    expect(twice.counts).toEqual(once.counts)
    expect(twice).toMatchObject({ status: 'running', progress: { parts: 2, parts_done: 1 } })
    await runBatch([{ body: sent[1] }], { env: testEnv })
    expect(await jobStatus(jobId)).toMatchObject({ status: 'done', progress: { parts_done: 2 } })
  })

  it('fails with a clear reason when the corpus asset is missing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const missing = {
      ...env,
      ASSETS: { fetch: async () => new Response('not found', { status: 404 }) },
    } as unknown as Env
    const { jobId, message } = await queueJob({ type: 'demo_corpus', namespace: 'demo-c' })
    const result = await runBatch([{ body: message }], { env: missing })
    expect(result.explicitAcks).toHaveLength(1)
    const status = await jobStatus(jobId)
    expect(status.status).toBe('failed')
    expect(status.errors.join(' ')).toContain('/corpus/scifact.jsonl.gz')
  })
})
