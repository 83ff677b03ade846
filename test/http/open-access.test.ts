// No open deployment by accident: without QUIRE_API_KEYS the key-protected routes (ingest, /v1,
// MCP) are open on a local server (loopback host) or when QUIRE_OPEN_ACCESS=true, and refuse
// with config_invalid naming QUIRE_API_KEYS when reached through any other host.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { isLocalRequest } from '../../workers/http/local-request'
import { envWith, type EnvelopeBody } from './test-app'

const DEPLOYED = 'https://quire.example.workers.dev'
const noKeys = envWith(env, { QUIRE_API_KEYS: '' })
const chosenOpen = envWith(env, { QUIRE_API_KEYS: '', QUIRE_OPEN_ACCESS: 'true' })

const probes: [string, RequestInit][] = [
  ['/api/ingest/corpus', {}],
  ['/v1/models', {}],
  [
    '/mcp',
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'open-access-test', version: '1.0.0' },
        },
      }),
    },
  ],
]

describe('key-protected routes without QUIRE_API_KEYS', () => {
  it.each(probes)(
    'refuses %s on a deployment with config_invalid naming the variable',
    async (path, init) => {
      const res = await app.request(`${DEPLOYED}${path}`, init, noKeys)
      expect(res.status).toBe(500)
      const body = (await res.json()) as EnvelopeBody
      expect(body.error).toMatchObject({
        code: 'config_invalid',
        details: { variable: 'QUIRE_API_KEYS' },
      })
      expect(body.error.message).toContain('QUIRE_OPEN_ACCESS')
      expect(res.headers.get('X-Quire-Auth')).toBeNull()
    },
  )

  it.each(probes)(
    'opens %s on a deployment whose operator set QUIRE_OPEN_ACCESS=true',
    async (path, init) => {
      const res = await app.request(`${DEPLOYED}${path}`, init, chosenOpen)
      expect(res.status).toBe(200)
      expect(res.headers.get('X-Quire-Auth')).toBe('open')
    },
  )

  it('stays open, and says so, on a local server', async () => {
    const res = await app.request('http://127.0.0.1:8787/api/ingest/corpus', {}, noKeys)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      auth: { mode: 'open', note: expect.stringContaining('QUIRE_API_KEYS') },
    })
  })

  it('asks a deployment with keys for one, as before', async () => {
    const res = await app.request(`${DEPLOYED}/v1/models`, {}, env)
    expect(res.status).toBe(401)
  })

  it('leaves public routes answering on a deployment without keys', async () => {
    const res = await app.request(`${DEPLOYED}/health`, {}, noKeys)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      auth: { api_keys_configured: false, open_access: false },
    })
  })
})

describe('isLocalRequest', () => {
  it.each([
    ['http://localhost/api/ingest', true],
    ['http://127.0.0.1:8813/v1/models', true],
    ['http://[::1]:8787/mcp', true],
    ['http://quire.localhost/mcp', true],
    ['https://quire.example.workers.dev/mcp', false],
    ['https://localhost.example.com/mcp', false],
    ['http://127.0.0.1.example.com/mcp', false],
    ['http://10.0.0.5:8787/mcp', false],
  ])('%s -> %s', (url, local) => {
    expect(isLocalRequest(url)).toBe(local)
  })
})
