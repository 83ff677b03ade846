// /api/research: start a run (202), read it, stop it, review its plan. A run lives in a Workflow
// instance named by its id; its record (D1) is read only with its session's bearer token.
import { Hono, type Context } from 'hono'
import { sessionFor } from '../answer'
import { readResearchSessionId } from '../db'
import { NotFoundError, RunActiveError } from '../errors'
import { clientQuota, openAuthorizedSession, publicRateLimit, validate, type AppEnv } from '../http'
import { stoppedFields } from './finish'
import { planReviewSchema, researchParamSchema, researchRequestSchema } from './schemas'
import { startResearchRun } from './start'
import { readResearch, updateResearch } from './store'
import { FINAL_STATUSES, type ResearchRecord } from './types'
import { REVIEW_EVENT } from './workflow'

/** The run, once the caller's token opens its session; 404 for an unknown id. */
async function authorizedRecord(c: Context<AppEnv>, id: string): Promise<ResearchRecord> {
  const db = c.get('deps').db
  const sessionId = await readResearchSessionId(db, id)
  if (!sessionId) throw new NotFoundError('No such research run')
  await openAuthorizedSession(c, sessionId)
  const record = await readResearch(db, id, sessionId)
  if (!record) throw new NotFoundError('No such research run')
  return record
}

const view = (record: ResearchRecord) => {
  const { sections, ...rest } = record
  return {
    ...rest,
    sections,
    report: record.report ?? { markdown: '', sources: [], references: [] },
  }
}

export const researchRoutes = new Hono<AppEnv>()
  .post(
    '/',
    publicRateLimit(),
    validate('json', researchRequestSchema),
    clientQuota('run'),
    async (c) => {
      const { question, options, session_id } = c.req.valid('json')
      const deps = c.get('deps')
      const session = await sessionFor(c, session_id)
      const params = await startResearchRun(deps, {
        sessionId: session.sessionId,
        question,
        options,
      })
      const body = {
        research_id: params.research_id,
        session_id: session.sessionId,
        status: 'planning',
      }
      return c.json(session.token ? { ...body, token: session.token } : body, 202)
    },
  )
  .get('/:id', validate('param', researchParamSchema), async (c) => {
    return c.json(view(await authorizedRecord(c, c.req.valid('param').id)))
  })
  .post('/:id/stop', validate('param', researchParamSchema), async (c) => {
    const record = await authorizedRecord(c, c.req.valid('param').id)
    if (FINAL_STATUSES.includes(record.status)) return c.json({ stopped: false, ...view(record) })
    const deps = c.get('deps')
    const instance = await deps.researchWorkflow.get(record.research_id)
    // An instance that ended on its own in the meantime cannot be terminated; the record says how.
    await instance.terminate().catch(() => undefined)
    const fields = await stoppedFields(deps, record)
    const stopped = await updateResearch(deps.db, record.research_id, {
      fields,
      status: 'stopped',
      now: deps.now(),
    })
    return c.json({ stopped, ...view(await authorizedRecord(c, record.research_id)) })
  })
  .post(
    '/:id/plan',
    validate('param', researchParamSchema),
    validate('json', planReviewSchema),
    async (c) => {
      const record = await authorizedRecord(c, c.req.valid('param').id)
      if (record.status !== 'awaiting_review')
        throw new RunActiveError(`The plan is not awaiting review (status: ${record.status})`)
      const instance = await c.get('deps').researchWorkflow.get(record.research_id)
      await instance.sendEvent({ type: REVIEW_EVENT, payload: c.req.valid('json') })
      return c.json({ research_id: record.research_id, status: 'researching' }, 202)
    },
  )
