// DELETE one upload or loaded paper (/api/papers/:session/papers/:paper_id) and one project
// file (/api/sessions/:id/files/:file_id) with the session's token: the index rows, vectors,
// postings, kept PDF and cached answers of that source go first, the session's record last,
// so a failure is retried by the same DELETE.
import { Hono } from 'hono'
import { z } from 'zod'
import { contextOperations, projectNamespace } from '../context'
import { sourceIdsByExternalId } from '../db'
import { NotFoundError } from '../errors'
import { callOperation, openAuthorizedSession, validate, type AppEnv } from '../http'
import {
  deletePaperPdf,
  paperNamespace,
  paperOperations,
  paperPdfParamSchema,
  quotaLimits,
} from '../papers'
import { eraseSources } from './source-erasure'

const fileParamSchema = z.object({ id: z.uuid(), file_id: z.string().trim().min(1).max(64) })

export const erasureRoutes = new Hono<AppEnv>()
  .delete(
    '/papers/:session/papers/:paper_id',
    validate('param', paperPdfParamSchema),
    async (c) => {
      const { session, paper_id } = c.req.valid('param')
      const deps = c.get('deps')
      const stub = await openAuthorizedSession(c, session)
      const listed = await callOperation(stub, paperOperations.list, { limits: quotaLimits(deps) })
      const paper = listed.papers.find((p) => p.id === paper_id)
      if (!paper) throw new NotFoundError(`paper_id: no paper ${paper_id} in this session`)
      const externalId = paper.arxiv_id ?? paper.id
      const ids = await sourceIdsByExternalId(deps.db, paperNamespace(session), [externalId])
      const erased = await eraseSources(deps, ids, c.req.raw.signal)
      const target = { bucket: deps.papersPdf, sessionId: session, paperId: paper.id }
      const pdfs = await deletePaperPdf(target)
      await callOperation(stub, paperOperations.remove, { id: paper.id })
      return c.json({ paper_id: paper.id, erased: { ...erased, pdfs, records: 1 } })
    },
  )
  .delete('/sessions/:id/files/:file_id', validate('param', fileParamSchema), async (c) => {
    const { id, file_id } = c.req.valid('param')
    const deps = c.get('deps')
    const stub = await openAuthorizedSession(c, id)
    const files = await callOperation(stub, contextOperations.files, {})
    const file = files.find((f) => f.id === file_id)
    if (!file) throw new NotFoundError(`file_id: no file ${file_id} in this session`)
    const namespace = projectNamespace(id)
    const ids = await sourceIdsByExternalId(deps.db, namespace, [`${namespace}:${file.id}`])
    const erased = await eraseSources(deps, ids, c.req.raw.signal)
    await callOperation(stub, contextOperations.removeFile, { id: file.id })
    return c.json({ file_id: file.id, erased: { ...erased, records: 1 } })
  })
