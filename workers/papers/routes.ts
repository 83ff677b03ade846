// Paper Brain and paper chat over HTTP. Every route takes the session's bearer token and
// `session_id` in the body (a form field for the upload): POST /search, /load, /upload,
// /chat and /brain (runs: JSON by default, SSE or text/plain when asked; /load streams its
// progress when asked), GET /:session, its log and its kept PDFs (pdf-routes.ts).
import { Hono } from 'hono'
import type { Deps } from '../deps'
import { NotFoundError } from '../errors'
import {
  callOperation,
  clientQuota,
  negotiateFormat,
  openAuthorizedSession,
  relayPackets,
  runToResponse,
  validate,
  type AppEnv,
} from '../http'
import { normaliseArxivId } from '../sources'
import type { PaperToLoad } from './load'
import { paperOperations } from './operations'
import { settleInterruptedLoads } from './interrupted-loads'
import { loadProgressStream } from './load-stream'
import { queuePaperLoads } from './queue-load'
import { pdfRoutes } from './pdf-routes'
import { toLoad } from './brain-tools'
import type { PaperRecord, RememberedResult } from './paper-store'
import { quotaLimits, refundIfFails, useQuota } from './quota-gate'
import {
  brainBodySchema,
  chatBodySchema,
  loadBodySchema,
  searchBodySchema,
  sessionParamSchema,
} from './schemas'
import { searchPapers } from './search'
import { cacheScholarly } from './scholarly-cache'
import { loggingEmbedder, loggingModel, PaperLog } from './session-log'
import type { SessionStub } from '../session'

/** Papers named by 1-based indices into the last search, or by arXiv ids (looked up if new). */
async function resolveTargets(
  deps: Deps,
  stub: SessionStub,
  body: { ids?: string[]; indices?: number[] },
  signal: AbortSignal,
): Promise<PaperToLoad[]> {
  const results = await callOperation(stub, paperOperations.readResults, {})
  if (body.indices) {
    const missing = body.indices.filter((i) => !results.some((r) => r.index === i))
    if (missing.length > 0)
      throw new NotFoundError(`No search result numbered ${missing.join(', ')}; search first`)
    return body.indices.map((i) => toLoad(results.find((r) => r.index === i) as RememberedResult))
  }
  const ids = (body.ids ?? []).map((raw) => normaliseArxivId(raw).replace(/v\d+$/, ''))
  const known = new Map(results.map((r) => [r.arxiv_id, r]))
  const unknown = ids.filter((id) => !known.has(id))
  const looked = unknown.length > 0 ? await deps.scholarly.arxiv.byIds(unknown, signal) : []
  return ids.map((id) => {
    const hit = known.get(id)
    if (hit) return toLoad(hit)
    const paper = looked.find((p) => p.id === id)
    // An id arXiv does not know still gets a record: it fails with that reason.
    return paper
      ? toLoad({
          index: 0,
          arxiv_id: paper.id,
          title: paper.title,
          authors: paper.authors,
          year: Number.parseInt(paper.published.slice(0, 4), 10) || null,
          abstract: paper.abstract,
          pdf_url: paper.pdfUrl,
          abs_url: paper.absUrl,
        })
      : {
          id: `arxiv:${id}`,
          title: id,
          arxivId: id,
          pdfUrl: null,
          authors: [],
          year: null,
          abstract: null,
          absUrl: null,
        }
  })
}

export const paperRoutes = new Hono<AppEnv>()
  .post('/search', validate('json', searchBodySchema), clientQuota('search'), async (c) => {
    const { session_id, query } = c.req.valid('json')
    const deps = c.get('deps')
    const stub = await openAuthorizedSession(c, session_id)
    const quota = await useQuota(stub, deps, 'search')
    const log = new PaperLog('paper_brain', query, deps.now)
    const discoveryModel = deps.discoveryModel ?? deps.models?.fast ?? null
    const result = await refundIfFails(stub, deps, 'search', () =>
      searchPapers(
        {
          arxiv: deps.scholarly.arxiv,
          embedder: loggingEmbedder(deps.embedder, log, deps.now),
          model: discoveryModel && loggingModel(discoveryModel, 'query_rewrite', log, deps.now),
          cache: (papers) => cacheScholarly(deps, papers, c.req.raw.signal),
        },
        query,
        c.req.raw.signal,
      ),
    )
    log.request({ chunk_tokens: 0 })
    // Seed 004: a provider out of quota on every key pauses searches and chat (API cooldown).
    if (result.provider_exhausted) {
      await callOperation(stub, paperOperations.markExhausted, { limits: quotaLimits(deps) })
    }
    await callOperation(stub, paperOperations.appendLog, { entries: log.entries })
    await callOperation(stub, paperOperations.saveResults, {
      results: result.papers.map(({ score: _score, ...rest }) => rest),
    })
    return c.json({ ...result, quota })
  })
  .post('/load', validate('json', loadBodySchema), async (c) => {
    const body = c.req.valid('json')
    const deps = c.get('deps')
    const stub = await openAuthorizedSession(c, body.session_id)
    const targets = await resolveTargets(deps, stub, body, c.req.raw.signal)
    const record = (paper: PaperRecord) => callOperation(stub, paperOperations.put, paper)
    const queued = await queuePaperLoads(deps, { sessionId: body.session_id, record }, targets)
    const format = negotiateFormat(c)
    if (format === 'json') return c.json(queued, 202)
    const list = () => callOperation(stub, paperOperations.list, { limits: quotaLimits(deps) })
    const packets = loadProgressStream({
      queued,
      sessionId: body.session_id,
      read: async () => (await list()).papers,
      signal: c.req.raw.signal,
      now: deps.now,
    })
    return relayPackets(c, packets, { format })
  })
  .route('/', pdfRoutes)
  .post('/chat', validate('json', chatBodySchema), clientQuota('run'), async (c) => {
    const { session_id, message } = c.req.valid('json')
    const deps = c.get('deps')
    const stub = await openAuthorizedSession(c, session_id)
    await settleInterruptedLoads(deps, stub, session_id)
    await useQuota(stub, deps, 'chat')
    return refundIfFails(stub, deps, 'chat', async () =>
      runToResponse(c, await stub.startRun('papers-chat', { message })),
    )
  })
  .post('/brain', validate('json', brainBodySchema), clientQuota('run'), async (c) => {
    const { session_id, message } = c.req.valid('json')
    const deps = c.get('deps')
    const stub = await openAuthorizedSession(c, session_id)
    await useQuota(stub, deps, 'brain')
    return refundIfFails(stub, deps, 'brain', async () =>
      runToResponse(c, await stub.startRun('papers-brain', { message })),
    )
  })
  .get('/:session/log', validate('param', sessionParamSchema), async (c) => {
    const session = c.req.valid('param').session
    const stub = await openAuthorizedSession(c, session)
    return c.json(await callOperation(stub, paperOperations.readLog, { session_id: session }))
  })
  .get('/:session', validate('param', sessionParamSchema), async (c) => {
    const deps = c.get('deps')
    const session = c.req.valid('param').session
    const stub = await openAuthorizedSession(c, session)
    await settleInterruptedLoads(deps, stub, session)
    return c.json(await callOperation(stub, paperOperations.list, { limits: quotaLimits(deps) }))
  })
