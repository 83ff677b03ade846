// GET /health and GET /openapi.json.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { envWith } from './test-app'

describe('GET /health', () => {
  it('reports offline mode and the configured providers', async () => {
    const res = await app.request('/health', {}, env)
    expect(res.status).toBe(200)
    const body = await res.json<Record<string, unknown>>()
    expect(body).toMatchObject({
      status: 'ok',
      mode: 'offline',
      providers: {
        llm: { provider: 'offline', fallback_key: false },
        embeddings: { provider: 'offline', dimensions: 384 },
        vector_store: 'd1',
        search: 'corpus',
        scholarly: { arxiv_api_url: 'https://export.arxiv.org/api/query' },
      },
      auth: { api_keys_configured: true, webhook_configured: true, share_configured: false },
    })
    expect(Date.parse(String(body.time))).not.toBeNaN()
  })

  it('reports the corpus counts so start-up can tell whether to seed', async () => {
    const res = await app.request('/health', {}, env)
    const body = await res.json<{ corpus: { sources: number; chunks: number } | null }>()
    expect(body.corpus).toEqual({ sources: 0, documents: 0, chunks: 0 })
  })

  it('reports online mode with a key and never shows a secret', async () => {
    const online = envWith(env, {
      LLM_API_KEY: 'sk-very-secret-primary',
      LLM_API_KEY_FALLBACK: 'sk-very-secret-fallback',
      SHARE_SECRET: 'share-secret-value',
    })
    const res = await app.request('/health', {}, online)
    const text = await res.text()
    expect(JSON.parse(text)).toMatchObject({
      mode: 'online',
      providers: { llm: { provider: 'openai-compatible', fallback_key: true } },
      auth: { share_configured: true },
    })
    for (const secret of ['sk-very-secret', 'share-secret-value', 'test-api-key', 'whsec_']) {
      expect(text).not.toContain(secret)
    }
  })
})

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document covering the first-cut HTTP surface', async () => {
    const res = await app.request('/openapi.json', {}, env)
    expect(res.status).toBe(200)
    const doc = await res.json<{
      openapi: string
      paths: Record<string, Record<string, unknown>>
    }>()
    expect(doc.openapi).toBe('3.1.0')
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /health',
        'GET /openapi.json',
        'POST /api/sessions',
        'GET /api/sessions/{id}',
        'POST /api/sessions/{id}/stop',
        'POST /api/sessions/{id}/messages',
        'PUT /api/sessions/{id}/settings',
        'POST /api/sessions/{id}/files',
        'POST /api/ask',
        'GET /api/progress/{session_id}',
        'POST /api/ingest',
        'POST /api/ingest/webhook',
        'GET /api/ingest/{job}',
        'POST /v1/chat/completions',
        'GET /v1/models',
      ]),
    )
  })

  it('shares the error envelope as a component and derives request bodies from zod', async () => {
    const doc = await (
      await app.request('/openapi.json', {}, env)
    ).json<{
      components: { schemas: Record<string, unknown>; responses: Record<string, unknown> }
      paths: Record<string, Record<string, { requestBody?: unknown }>>
    }>()
    expect(doc.components.schemas.ErrorEnvelope).toMatchObject({ required: ['error'] })
    expect(JSON.stringify(doc.components.responses.NotFound)).toContain(
      '#/components/schemas/ErrorEnvelope',
    )
    expect(doc.paths['/api/ask']?.post?.requestBody).toMatchObject({
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['query'],
            properties: { query: { maxLength: 4000 } },
          },
        },
      },
    })
  })
})
