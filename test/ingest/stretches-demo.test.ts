// One demo_corpus slice (250 SciFact-like rows, DEMO_SLICE_SIZE) under the event-loop lag
// probe: the seeding that runs at start-up must leave /health and the page responsive.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import sample from '../fixtures/ingest/scifact-corpus-5.jsonl?raw'
import { captureQueue, jobStatus, queueJob, runBatch } from './helpers'
import { MAX_STRETCH_MS, measureStretch } from './lag-probe'

afterEach(() => vi.restoreAllMocks())

const ROWS = 250

/** The 5-row sample repeated to `rows` rows, each with its own id and a varied text. */
function corpus(rows: number): string {
  const base = sample
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as { _id: string; title: string; text: string })
  return Array.from({ length: rows }, (_, i) => {
    const row = base[i % base.length] ?? { _id: '0', title: 'x', text: 'x' }
    const text = `${row.text} Replicate ${i} of the cohort, batch ${i * 7}.`
    return JSON.stringify({ _id: `${row._id}-${i}`, title: `${row.title} (${i})`, text })
  }).join('\n')
}

async function envWithCorpus(text: string): Promise<Env> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))
  const body = new Uint8Array(await new Response(stream).arrayBuffer())
  const assets = { fetch: async () => new Response(body) }
  return { ...env, ASSETS: assets } as unknown as Env
}

describe('demo_corpus consumer', () => {
  it('indexes a slice of 250 rows in short stretches', async () => {
    const testEnv = await envWithCorpus(corpus(ROWS))
    const { jobId, message } = await queueJob({ type: 'demo_corpus', namespace: 'demo-slices' })
    const sent = captureQueue()
    await runBatch([{ body: message }], { env: testEnv })
    const slice = sent[0]
    expect(slice?.slice).toEqual({ offset: 0, limit: ROWS })
    vi.restoreAllMocks()
    const run = await measureStretch(`demo_corpus, one slice of ${ROWS} rows`, () =>
      runBatch([{ body: slice }], { env: testEnv }),
    )
    const status = await jobStatus(jobId)
    expect(status).toMatchObject({ status: 'done', counts: { sources: ROWS } })
    // Bounds as in stretches.test.ts.
    expect(run.maxStretchMs).toBeLessThan(MAX_STRETCH_MS)
    // Sliced already (by queue messages): the share only guards against one slice holding on.
    expect(run.maxStretchMs / run.totalMs).toBeLessThan(0.5)
  }, 120_000)
})
