// GET /openapi.json: it documents exactly the routes the app mounts, with the request
// constraints the routes really validate (the capabilities' own zod schemas).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { BUILTIN_TOOL_NAMES } from '../../workers/turn'

type Schema = Record<string, unknown>
interface Operation {
  parameters?: { name: string; in: string }[]
  security?: Record<string, string[]>[]
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<string, unknown>
}
interface Document {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: Record<string, Record<string, unknown>>
}

async function fetchDocument(): Promise<Document> {
  const res = await app.request('/openapi.json', {}, env)
  expect(res.status).toBe(200)
  return res.json<Document>()
}

function operationsOf(doc: Document): string[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  )
}

/** What Hono will answer: handlers only, not `use('*')` middleware; :param as {param}. */
function mountedOperations(): string[] {
  const routes = app.routes
    .filter((route) => route.method !== 'ALL' && !route.path.includes('*'))
    .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
  return [...new Set(routes)]
}

const jsonBody = (doc: Document, path: string, method: string): Schema =>
  doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema ?? {}

/** Walks into a JSON value; undefined when a step is missing. */
function pick(value: unknown, ...keys: (string | number)[]): unknown {
  return keys.reduce<unknown>(
    (node, key) =>
      typeof node === 'object' && node !== null
        ? (node as Record<string, unknown>)[key]
        : undefined,
    value,
  )
}

describe('GET /openapi.json', () => {
  it('documents exactly the routes the app mounts, no more and no fewer', async () => {
    const doc = await fetchDocument()
    const mounted = mountedOperations()
    expect(mounted).toEqual(
      expect.arrayContaining(['GET /api/sources/{id}', 'GET /v1/models', 'GET /openapi.json']),
    )
    expect(operationsOf(doc).sort()).toEqual(mounted.sort())
  })

  it('declares every path template parameter under its route name', async () => {
    const doc = await fetchDocument()
    for (const [path, ops] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
      for (const op of Object.values(ops)) {
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)
        expect(declared, path).toEqual(names)
      }
    }
  })

  it('resolves every $ref to a component', async () => {
    const doc = await fetchDocument()
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)]
    expect(refs.length).toBeGreaterThan(20)
    for (const [, kind, name] of refs) {
      expect(doc.components[kind as string]?.[name as string], `${kind}/${name}`).toBeDefined()
    }
  })

  it("documents the ask body with the answer capability's constraints", async () => {
    const ask = jsonBody(await fetchDocument(), '/api/ask', 'post')
    expect(ask.required).toEqual(['query'])
    expect(pick(ask, 'properties', 'session_id')).toMatchObject({ type: 'string', format: 'uuid' })
    expect(pick(ask, 'properties', 'query')).toMatchObject({ minLength: 1, maxLength: 4000 })
    expect(pick(ask, 'properties', 'search_domain_filter')).toMatchObject({ maxItems: 20 })
    expect(pick(ask, 'properties', 'search_mode', 'enum')).toEqual(['web', 'academic', 'corpus'])
  })

  it('documents the claim check body and its evidence map', async () => {
    const doc = await fetchDocument()
    const claim = jsonBody(doc, '/api/claims/check', 'post')
    expect(claim.required).toEqual(['claim'])
    expect(pick(claim, 'properties', 'claim')).toMatchObject({ minLength: 1, maxLength: 4000 })
    expect(pick(claim, 'properties', 'options', 'properties', 'search_mode', 'enum')).toEqual([
      'web',
      'academic',
      'corpus',
    ])
    const map = doc.components.schemas?.ClaimCheckPayload
    expect(pick(map, 'properties', 'verdict', 'enum')).toEqual([
      'supported',
      'contradicted',
      'mixed',
      'insufficient',
    ])
    expect(pick(map, 'properties', 'evidence', 'items', 'properties', 'stance', 'enum')).toEqual([
      'supports',
      'contradicts',
      'unlabelled',
    ])
    expect(pick(doc.components.schemas, 'AnswerPayload', 'properties', 'claim_check')).toBeDefined()
  })

  it('documents the turn bodies: message limits, built-in tools, settings and uploads', async () => {
    const doc = await fetchDocument()
    const message = jsonBody(doc, '/api/sessions/{id}/messages', 'post')
    expect(pick(message, 'properties', 'message')).toMatchObject({ minLength: 1, maxLength: 8000 })
    expect(pick(message, 'properties', 'tools', 'items', 'enum')).toEqual([...BUILTIN_TOOL_NAMES])
    const settings = jsonBody(doc, '/api/sessions/{id}/settings', 'put')
    expect(settings).toMatchObject({ additionalProperties: false, minProperties: 1 })
    expect(pick(settings, 'properties', 'reminders')).toMatchObject({ maxItems: 10 })
    const file = jsonBody(doc, '/api/sessions/{id}/files', 'post')
    expect(file.oneOf).toEqual([{ required: ['content_base64'] }, { required: ['text'] }])
  })

  it('documents both ingest body forms: one job, or a batch of at most 20', async () => {
    const body = jsonBody(await fetchDocument(), '/api/ingest', 'post')
    const jobs = pick(body, 'oneOf', 0, 'oneOf') as Schema[]
    const types = jobs.map((job) => pick(job, 'properties', 'type', 'const'))
    expect(types).toContain('arxiv_query')
    expect(types).toContain('demo_corpus')
    expect(pick(body, 'oneOf', 1)).toMatchObject({
      required: ['jobs'],
      properties: { jobs: { maxItems: 20 } },
    })
  })

  it('documents the chat completion body the /v1 route validates', async () => {
    const body = jsonBody(await fetchDocument(), '/v1/chat/completions', 'post')
    expect(body.required).toEqual(expect.arrayContaining(['model', 'messages']))
    expect(pick(body, 'properties', 'messages')).toMatchObject({ minItems: 1, maxItems: 200 })
  })

  it('marks session routes with the session token and ingest and /v1 with an API key', async () => {
    const doc = await fetchDocument()
    const securityOf = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.security ?? []).flatMap((s) => Object.keys(s))
    expect(securityOf('/api/sessions/{id}/messages', 'post')).toEqual(['sessionToken'])
    expect(securityOf('/api/progress/{session}', 'get')).toEqual(['sessionToken'])
    expect(securityOf('/api/ingest', 'post')).toEqual(['bearerApiKey', 'headerApiKey'])
    expect(securityOf('/v1/chat/completions', 'post')).toEqual(['bearerApiKey', 'headerApiKey'])
    expect(securityOf('/api/ingest/webhook', 'post')).toEqual([])
    expect(securityOf('/api/sessions', 'post')).toEqual([])
  })

  it('lists the error statuses a route can answer', async () => {
    const doc = await fetchDocument()
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {})
    expect(statuses('/api/ask', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '409', '413', '429', '502', '503']),
    )
    expect(statuses('/api/sessions/{id}/messages', 'post')).toContain('409')
    expect(statuses('/api/ingest/webhook', 'post')).toEqual(
      expect.arrayContaining(['202', '401', '503']),
    )
    expect(statuses('/api/sources/{id}', 'get')).toEqual(expect.arrayContaining(['404', '429']))
  })

  it('documents 429 on every route a client quota counts', async () => {
    const doc = await fetchDocument()
    const counted = app.routes
      .filter((route) => 'clientQuotaKind' in route.handler)
      .map((route) => [route.method.toLowerCase(), route.path.replace(/:(\w+)/g, '{$1}')])
    // Sessions, paper searches, runs (debate, writing, papers chat/brain, research, turn), uploads.
    expect(counted.length).toBeGreaterThanOrEqual(12)
    for (const [method = '', path = ''] of counted) {
      expect(
        Object.keys(doc.paths[path]?.[method]?.responses ?? {}),
        `${method} ${path}`,
      ).toContain('429')
    }
  })

  it('documents the ask payload fields the answer pipeline returns', async () => {
    const doc = await fetchDocument()
    expect(pick(doc.components, 'schemas', 'AnswerPayload', 'required')).toEqual(
      expect.arrayContaining(['answer', 'sources', 'related_questions', 'fallbacks', 'cached']),
    )
    const source = pick(doc.components, 'schemas', 'AnswerSource', 'properties')
    expect(Object.keys(source as Schema)).toEqual(expect.arrayContaining(['cited', 'reason']))
  })

  it('keeps the shared error envelope as a component', async () => {
    const doc = await fetchDocument()
    expect(doc.components.schemas?.ErrorEnvelope).toMatchObject({ required: ['error'] })
    expect(JSON.stringify(doc.components.responses?.NotFound)).toContain(
      '#/components/schemas/ErrorEnvelope',
    )
  })

  it('answers 405 with Allow: GET to other methods', async () => {
    const res = await app.request('/openapi.json', { method: 'POST' }, env)
    expect(res.status).toBe(405)
    expect(res.headers.get('Allow')).toBe('GET')
  })
})
