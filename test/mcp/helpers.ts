// Drives /mcp with the SDK's own Client and StreamableHTTPClientTransport; the transport's
// fetch goes straight into the Worker's app (no network).
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { env } from 'cloudflare:test'
import { vi } from 'vitest'
import { app } from '../../workers/app'
import { makeDeps } from '../../workers/deps'
import { ProviderError } from '../../workers/errors'
import type { WebSearchResult } from '../../workers/sources'

export const API_KEY = 'test-api-key'
const clientIp = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`

export interface ClientOptions {
  apiKey?: string | null
  headers?: Record<string, string>
  bindings?: Env
}

export async function connect(options: ClientOptions = {}): Promise<Client> {
  const apiKey = options.apiKey === undefined ? API_KEY : options.apiKey
  const headers: Record<string, string> = {
    'cf-connecting-ip': clientIp,
    ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    ...options.headers,
  }
  const transport = new StreamableHTTPClientTransport(new URL('http://quire.test/mcp'), {
    requestInit: { headers },
    fetch: async (url, init) => app.request(String(url), init, options.bindings ?? env),
  })
  const client = new Client({ name: 'quire-tests', version: '1.0.0' })
  await client.connect(transport)
  return client
}

/** A session made through the REST API, as a client would before asking follow-ups. */
export async function createSession(): Promise<{ id: string; token: string }> {
  const res = await app.request(
    '/api/sessions',
    { method: 'POST', headers: { 'cf-connecting-ip': clientIp } },
    env,
  )
  if (res.status !== 201) throw new Error(`session: ${res.status} ${await res.text()}`)
  const body = (await res.json()) as { session_id: string; token: string }
  return { id: body.session_id, token: body.token }
}

export async function stopSession(id: string, token: string) {
  return app.request(
    `/api/sessions/${id}/stop`,
    { method: 'POST', headers: { authorization: `Bearer ${token}` } },
    env,
  )
}

export interface Structured {
  [key: string]: unknown
}

/** The text parts of a tool result (the SDK types results as a union with task results). */
export function textOf(result: unknown): string {
  const content = ((result as { content?: unknown }).content ?? []) as { text?: string }[]
  return content.map((part) => part.text ?? '').join('\n')
}

/**
 * Scripts the search of the app's own Deps (a stateless ask runs there, not in SessionDO);
 * page fetches for preview images are refused so nothing reaches the network.
 */
export function scriptAppSearch(
  results: WebSearchResult[] | ((signal?: AbortSignal) => Promise<WebSearchResult[]>),
) {
  const deps = makeDeps(env)
  vi.spyOn(deps, 'safeFetch').mockRejectedValue(new ProviderError('fetch', 'tests fetch no pages'))
  const impl =
    typeof results === 'function'
      ? (_q: string, _o: unknown, s?: AbortSignal) => results(s)
      : async () => results
  return vi.spyOn(deps.webSearch, 'search').mockImplementation(impl)
}
