// Research writing over HTTP (seed 000). Every route takes the session's bearer token.
// POST /chat/message, /chat/rewrite: stage 1 runs (JSON unless a stream is asked for).
// POST /content/:id/placement (preview), /approve, /reject: stage 2. Documents:
// GET|PUT /documents/:session, its cited view (in-text citations and references), versions,
// restore, citation style, export (md with references | bib).
import { Hono } from 'hono'
import { NotFoundError } from '../errors'
import {
  callOperation,
  clientQuota,
  openAuthorizedSession,
  runToResponse,
  validate,
  type AppEnv,
} from '../http'
import { citedMarkdown } from './cited-document'
import { readCitedDocument, readDocumentBibtex } from './document-citations'
import { listVersions, readDocument, restoreVersion, saveDocument } from './documents'
import { writingOperations } from './operations'
import {
  approveBodySchema,
  chatMessageBodySchema,
  citationStyleBodySchema,
  contentParamSchema,
  documentParamSchema,
  exportQuerySchema,
  previewBodySchema,
  putDocumentBodySchema,
  rejectBodySchema,
  rewriteBodySchema,
  versionParamSchema,
} from './schemas'
import { approveContent, previewPlacement, rejectContent } from './stage2'

export const writingRoutes = new Hono<AppEnv>()
  .post('/chat/message', validate('json', chatMessageBodySchema), clientQuota('run'), async (c) => {
    const { session_id, ...rest } = c.req.valid('json')
    const stub = await openAuthorizedSession(c, session_id)
    return runToResponse(c, await stub.startRun('writing', { kind: 'message', ...rest }))
  })
  .post('/chat/rewrite', validate('json', rewriteBodySchema), clientQuota('run'), async (c) => {
    const { session_id, reason, mode } = c.req.valid('json')
    const stub = await openAuthorizedSession(c, session_id)
    const last = await callOperation(stub, writingOperations.latest, {})
    if (!last) throw new NotFoundError('Nothing to rewrite yet')
    // Rewriting content still pending rejects it first, with the user's reason.
    if (last.status === 'pending_approval') {
      await rejectContent(stub, { pendingId: last.id, ...(reason ? { reason } : {}) })
    }
    const message = `Rewrite the content for: ${last.request}${reason ? ` (rejected because: ${reason})` : ''}`
    return runToResponse(
      c,
      await stub.startRun('writing', {
        kind: 'rewrite',
        message: message.slice(0, 8_000),
        mode,
        ...(reason ? { reason } : {}),
      }),
    )
  })
  .post(
    '/content/:id/placement',
    validate('param', contentParamSchema),
    validate('json', previewBodySchema),
    async (c) => {
      const { session_id } = c.req.valid('json')
      const stub = await openAuthorizedSession(c, session_id)
      const request = { sessionId: session_id, pendingId: c.req.valid('param').id }
      return c.json(await previewPlacement(c.get('deps'), stub, request, c.req.raw.signal))
    },
  )
  .post(
    '/content/:id/approve',
    validate('param', contentParamSchema),
    validate('json', approveBodySchema),
    async (c) => {
      const { session_id, placement, base_version } = c.req.valid('json')
      const stub = await openAuthorizedSession(c, session_id)
      const request = {
        sessionId: session_id,
        pendingId: c.req.valid('param').id,
        ...(placement ? { given: placement } : {}),
        ...(base_version !== undefined ? { baseVersion: base_version } : {}),
      }
      return c.json(await approveContent(c.get('deps'), stub, request, c.req.raw.signal))
    },
  )
  .post(
    '/content/:id/reject',
    validate('param', contentParamSchema),
    validate('json', rejectBodySchema),
    async (c) => {
      const { session_id, reason } = c.req.valid('json')
      const stub = await openAuthorizedSession(c, session_id)
      return c.json(
        await rejectContent(stub, {
          pendingId: c.req.valid('param').id,
          ...(reason ? { reason } : {}),
        }),
      )
    },
  )
  .get('/documents/:session', validate('param', documentParamSchema), async (c) => {
    const { session } = c.req.valid('param')
    await openAuthorizedSession(c, session)
    return c.json(await readDocument(c.get('deps').db, session))
  })
  // Apart from the document: the first references an isolate formats build citeproc's engine.
  .get('/documents/:session/cited', validate('param', documentParamSchema), async (c) => {
    const { session } = c.req.valid('param')
    const stub = await openAuthorizedSession(c, session)
    return c.json((await readCitedDocument(c.get('deps').db, stub, session)).cited)
  })
  .put(
    '/documents/:session/citation-style',
    validate('param', documentParamSchema),
    validate('json', citationStyleBodySchema),
    async (c) => {
      const { session } = c.req.valid('param')
      const stub = await openAuthorizedSession(c, session)
      const style = await callOperation(stub, writingOperations.writeStyle, c.req.valid('json'))
      return c.json({ style })
    },
  )
  .put(
    '/documents/:session',
    validate('param', documentParamSchema),
    validate('json', putDocumentBodySchema),
    async (c) => {
      const { session } = c.req.valid('param')
      await openAuthorizedSession(c, session)
      const deps = c.get('deps')
      const { markdown } = c.req.valid('json')
      return c.json(
        await saveDocument(deps.db, {
          sessionId: session,
          markdown,
          reason: 'edit',
          now: deps.now(),
        }),
      )
    },
  )
  // The content awaiting approval, shaped as the pending_content packet gave it, so a page
  // reopened later shows the same suggestion (and the next request its real revision).
  .get('/documents/:session/pending', validate('param', documentParamSchema), async (c) => {
    const stub = await openAuthorizedSession(c, c.req.valid('param').session)
    const open = await callOperation(stub, writingOperations.current, {})
    const pending = open && {
      pending_id: open.id,
      status: open.status,
      document_content: open.document_content,
      sources: open.sources,
      revision: open.revision,
      unsourced: open.sources.length === 0,
    }
    return c.json({ pending })
  })
  .get('/documents/:session/versions', validate('param', documentParamSchema), async (c) => {
    const { session } = c.req.valid('param')
    await openAuthorizedSession(c, session)
    return c.json({ versions: await listVersions(c.get('deps').db, session) })
  })
  .post(
    '/documents/:session/versions/:n/restore',
    validate('param', versionParamSchema),
    async (c) => {
      const { session, n } = c.req.valid('param')
      await openAuthorizedSession(c, session)
      const deps = c.get('deps')
      return c.json(
        await restoreVersion(deps.db, { sessionId: session, version: n, now: deps.now() }),
      )
    },
  )
  .get(
    '/documents/:session/export',
    validate('param', documentParamSchema),
    validate('query', exportQuerySchema),
    async (c) => {
      const { session } = c.req.valid('param')
      const stub = await openAuthorizedSession(c, session)
      const deps = c.get('deps')
      if (c.req.valid('query').format === 'bib') {
        return c.body(await readDocumentBibtex(deps.db, stub, session), 200, {
          'Content-Type': 'application/x-bibtex; charset=utf-8',
        })
      }
      const document = await readCitedDocument(deps.db, stub, session)
      return c.body(citedMarkdown(document.cited), 200, {
        'Content-Type': 'text/markdown; charset=utf-8',
      })
    },
  )
