// GET /health (GET /openapi.json: openapi.test.ts).
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
      checks: {
        d1: { state: 'ok' },
        queue: { state: 'ok' },
        r2: { state: 'ok' },
        model: { state: 'not_configured' },
      },
      mode: 'offline',
      providers: {
        // Offline no model answers, so none is named.
        llm: { provider: 'offline', model: null, model_fast: null, fallback_key: false },
        embeddings: { provider: 'offline', dimensions: 384 },
        vector_store: 'd1',
        search: 'corpus',
        scholarly: { arxiv_api_url: 'https://export.arxiv.org/api/query' },
      },
      auth: { api_keys_configured: true, webhook_configured: true, share_configured: true },
    })
    expect(Date.parse(String(body.time))).not.toBeNaN()
  })

  it('reports an empty library as empty (not ready) so start-up can tell whether to seed', async () => {
    const res = await app.request('/health', {}, env)
    const body = await res.json<{ corpus: Record<string, unknown> | null }>()
    expect(body.corpus).toEqual({
      state: 'empty',
      sources: 0,
      documents: 0,
      chunks: 0,
      total: null,
    })
  })

  it('reports online mode with a key and never shows a secret', async () => {
    const online = envWith(env, {
      // A closed loopback port: the model check fails at once, without real network.
      LLM_BASE_URL: 'http://127.0.0.1:9/v1',
      LLM_API_KEY: 'sk-very-secret-primary',
      LLM_API_KEY_FALLBACK: 'sk-very-secret-fallback',
      SHARE_SECRET: 'share-secret-value',
    })
    const res = await app.request('/health', {}, online)
    const text = await res.text()
    expect(JSON.parse(text)).toMatchObject({
      mode: 'online',
      providers: {
        llm: { provider: 'openai-compatible', model: expect.any(String), fallback_key: true },
      },
      auth: { share_configured: true },
    })
    for (const secret of ['sk-very-secret', 'share-secret-value', 'test-api-key', 'whsec_']) {
      expect(text).not.toContain(secret)
    }
  })
})
