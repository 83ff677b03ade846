// The paper_pdf consumer (fetch -> keep in R2 -> parse -> index, papers' runner) on the largest
// fixture PDF, under the event-loop lag probe: no stretch may hold the isolate for long.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeDeps } from '../../workers/deps'
import { enqueueIngestJobs } from '../../workers/ingest'
import { paperNamespace } from '../../workers/papers'
import { createSession } from '../session/helpers'
import { pdfFixture } from '../sources/helpers'
import { pdfFetch, warmPdfJs } from './big-inputs'
import { captureQueue, jobStatus, runBatch } from './helpers'
import { MAX_STRETCH_MS, measureStretch } from './lag-probe'

afterEach(() => vi.restoreAllMocks())

const PDF_URL = 'https://arxiv.org/pdf/2501.10120'

/** An env whose guarded fetch answers every URL with `bytes` as a PDF. */
function envServing(bytes: Uint8Array): Env {
  const testEnv = { ...env }
  makeDeps(testEnv).safeFetch = pdfFetch(bytes)
  return testEnv
}

describe('paper_pdf consumer', () => {
  it('loads the largest fixture PDF without holding the isolate for long', async () => {
    const bytes = await pdfFixture('paperqa_pasa')
    await warmPdfJs(bytes)
    const { sessionId } = await createSession()
    const sent = captureQueue()
    const [queued] = await enqueueIngestJobs(makeDeps({ ...env }), {
      jobs: [
        {
          type: 'paper_pdf',
          namespace: paperNamespace(sessionId),
          session_id: sessionId,
          paper: {
            id: 'arxiv:2501.10120',
            title: 'PaSa: An LLM Agent for Comprehensive Academic Paper Search',
            arxiv_id: '2501.10120',
            pdf_url: PDF_URL,
            authors: ['Yichen He'],
            year: 2025,
            abstract: null,
            abs_url: null,
          },
        },
      ],
    })
    const message = sent.find((m) => m.jobId === queued?.job_id)
    vi.restoreAllMocks()
    if (!queued || !message) throw new Error('job was not queued')
    const run = await measureStretch(`paper_pdf, ${Math.round(bytes.length / 1024)} KB PDF`, () =>
      runBatch([{ body: message }], { env: envServing(bytes) }),
    )
    const status = await jobStatus(queued.job_id)
    expect(status.errors).toEqual([])
    expect(status).toMatchObject({ status: 'done' })
    expect(status.counts.chunks).toBeGreaterThan(10)
    // Bounds as for pdf_url in stretches.test.ts: unsliced, this job was one ~600 ms stretch.
    expect(run.maxStretchMs).toBeLessThan(MAX_STRETCH_MS)
    expect(run.maxStretchMs / run.totalMs).toBeLessThan(0.5)
  }, 120_000)
})
