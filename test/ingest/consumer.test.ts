import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jobStatus, queueJob, runBatch } from './helpers'

afterEach(() => vi.restoreAllMocks())

const article = (topic: string) =>
  [
    `${topic} is studied here in some depth.`,
    `The first experiment measured how ${topic} changes under controlled conditions, and the`,
    'results were consistent across three independent laboratories and two seasons.',
    `A second experiment looked at the long-term effects of ${topic} on the population.`,
  ].join(' ')

async function chunkCount(): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from chunks').first<{ n: number }>()
  return row?.n ?? 0
}

describe('ingest consumer: text jobs', () => {
  it('indexes a text job, acks it and records its counts', async () => {
    const { jobId, message } = await queueJob({
      type: 'text',
      title: 'Soil microbes',
      text: article('soil microbes'),
    })
    const result = await runBatch([{ body: message }])
    expect(result.explicitAcks).toHaveLength(1)
    expect(result.retryMessages).toEqual([])
    const status = await jobStatus(jobId)
    expect(status.status).toBe('done')
    expect(status.attempts).toBe(1)
    expect(status.counts.sources).toBe(1)
    expect(status.counts.chunks).toBeGreaterThan(0)
    const stored = await env.DB.prepare(
      `select count(*) as n from chunks c join sources s on s.id = c.source_id
      where s.title = 'Soil microbes'`,
    ).first<{ n: number }>()
    expect(stored?.n).toBe(status.counts.chunks)
  })

  it('adds no chunks when the same text is ingested again', async () => {
    const job = { type: 'text', title: 'Coral reefs', text: article('coral bleaching') }
    const first = await queueJob(job)
    await runBatch([{ body: first.message }])
    const before = await chunkCount()
    const second = await queueJob(job)
    await runBatch([{ body: second.message }])
    const status = await jobStatus(second.jobId)
    expect(status.status).toBe('done')
    expect(status.counts.chunks).toBe(0)
    expect(status.counts.skipped).toBeGreaterThan(0)
    expect(await chunkCount()).toBe(before)
  })

  it('indexes markdown section by section under their headings', async () => {
    const text = `# Methods\n\n${article('sampling')}\n\n## Results\n\n${article('yield')}`
    const { jobId, message } = await queueJob({
      type: 'text',
      title: 'Field notes',
      text,
      format: 'markdown',
    })
    await runBatch([{ body: message }])
    expect((await jobStatus(jobId)).status).toBe('done')
    const headings = await env.DB.prepare(
      `select heading from sections sec join documents d on d.id = sec.document_id
      where d.title = 'Field notes' order by sec.ordinal`,
    ).all<{ heading: string }>()
    expect(headings.results.map((r) => r.heading)).toEqual(['Methods', 'Results'])
  })
})

describe('ingest consumer: bad input and failures', () => {
  it('acks and logs a malformed message instead of retrying it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const result = await runBatch([{ body: { nope: true } }, { body: 'not even an object' }])
    expect(result.explicitAcks).toHaveLength(2)
    expect(result.retryMessages).toEqual([])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('dropped malformed message'))
  })

  it('acks a message whose job does not exist', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const result = await runBatch([{ body: { jobId: 'missing-job', type: 'text' } }])
    expect(result.explicitAcks).toHaveLength(1)
  })

  it('fails a job whose URL is refused without retrying it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { jobId, message } = await queueJob({ type: 'pdf_url', url: 'http://10.0.0.7/paper.pdf' })
    const result = await runBatch([{ body: message }])
    expect(result.explicitAcks).toHaveLength(1)
    expect(result.retryMessages).toEqual([])
    const status = await jobStatus(jobId)
    expect(status.status).toBe('failed')
    expect(status.errors.join(' ')).toMatch(/refused/i)
  })

  it('keeps the other jobs of a batch going when one fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const bad = await queueJob({ type: 'url', url: 'http://192.168.1.1/' })
    const good = await queueJob({
      type: 'text',
      title: 'Tidal energy',
      text: article('tidal energy'),
    })
    const result = await runBatch([{ body: bad.message }, { body: good.message }])
    expect(result.explicitAcks).toHaveLength(2)
    expect((await jobStatus(bad.jobId)).status).toBe('failed')
    expect((await jobStatus(good.jobId)).status).toBe('done')
  })

  it('does not run a job again once it is done', async () => {
    const { jobId, message } = await queueJob({
      type: 'text',
      title: 'Glaciers',
      text: article('glacier retreat'),
    })
    await runBatch([{ body: message }])
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const result = await runBatch([{ body: message, attempts: 2 }])
    expect(result.explicitAcks).toHaveLength(1)
    expect((await jobStatus(jobId)).attempts).toBe(1)
  })
})
