// /api/ingest: queue jobs (API key), receive signed webhooks, read job status and corpus counts.
import { Hono } from 'hono'
import { z } from 'zod'
import { corpusStats, getIngestJob } from '../db'
import { NotFoundError, ValidationError } from '../errors'
import { authNote, invalidInput, requireApiKey, validate, type AppEnv } from '../http'
import { enqueueIngestJobs } from './enqueue'
import { toJobStatus } from './job-view'
import { ingestBodySchema, type IngestBody } from './schemas'
import { claimDeliveryOnce, verifyWebhookSignature } from './webhook'

const jobParamSchema = z.object({ job: z.string().min(1).max(64) })

export const ingestRoutes = new Hono<AppEnv>()
  .post('/webhook', async (c) => {
    const deps = c.get('deps')
    const rawBody = await c.req.text()
    const id = verifyWebhookSignature(deps.config.security.ingestWebhookSecret, {
      rawBody,
      headers: c.req.header(),
    })
    const body = parseWebhookBody(rawBody)
    await claimDeliveryOnce(deps.db, id, deps.now())
    return c.json({ jobs: await enqueueIngestJobs(deps, body) }, 202)
  })
  .post('/', requireApiKey(), validate('json', ingestBodySchema), async (c) => {
    const jobs = await enqueueIngestJobs(c.get('deps'), c.req.valid('json'))
    return c.json({ jobs, ...authNote(c) }, 202)
  })
  .get('/corpus', requireApiKey(), async (c) => {
    const stats = await corpusStats(c.get('deps').db)
    return c.json({ ...stats, empty: stats.chunks === 0, ...authNote(c) })
  })
  .get('/:job', requireApiKey(), validate('param', jobParamSchema), async (c) => {
    const row = await getIngestJob(c.get('deps').db, c.req.valid('param').job)
    if (!row) throw new NotFoundError('No such ingest job')
    return c.json({ ...toJobStatus(row), ...authNote(c) })
  })

/** The signature covers the raw bytes, so the body is parsed only after verification. */
function parseWebhookBody(rawBody: string): IngestBody {
  let json: unknown
  try {
    json = JSON.parse(rawBody)
  } catch (cause) {
    throw new ValidationError('Webhook body is not valid JSON', { cause })
  }
  const parsed = ingestBodySchema.safeParse(json)
  if (!parsed.success) {
    throw invalidInput(parsed.error)
  }
  return parsed.data
}
