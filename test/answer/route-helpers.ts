// Helpers for driving /api/ask through the app and SessionDO: the Deps the DO uses (so a test
// can script its search), requests with a per-test client IP, and SSE reading.
import { env, runInDurableObject } from 'cloudflare:test'
import { vi } from 'vitest'
import { app } from '../../workers/app'
import { makeDeps, type Deps } from '../../workers/deps'
import { ProviderError } from '../../workers/errors'
import type { WebSearchResult } from '../../workers/sources'

export { readSse } from '../stream/read-sse'

/** The Deps SessionDO builds (every DO in the test isolate shares one env object). */
export async function sessionDeps(): Promise<Deps> {
  const stub = env.SESSION_DO.get(env.SESSION_DO.idFromName('deps-probe'))
  return runInDurableObject(stub, (instance) => makeDeps((instance as unknown as { env: Env }).env))
}

/**
 * Scripts the DO's web search (returns the spy, to count calls). Page fetches for preview
 * images are refused, so no test reaches the network.
 */
export async function scriptSearch(
  results: WebSearchResult[] | ((signal?: AbortSignal) => Promise<WebSearchResult[]>),
) {
  const deps = await sessionDeps()
  vi.spyOn(deps, 'safeFetch').mockImplementation(async (url) => {
    throw new ProviderError('fetch', `tests do not fetch ${url}`)
  })
  const impl =
    typeof results === 'function'
      ? (_q: string, _o: unknown, s?: AbortSignal) => results(s)
      : async () => results
  return vi.spyOn(deps.webSearch, 'search').mockImplementation(impl)
}

/** Each test file gets its own client IP so the public rate limit never couples tests. */
const clientIp = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`

export function ask(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.request(
    '/api/ask',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': clientIp, ...headers },
      body: JSON.stringify(body),
    },
    env,
  )
}

/** The /api/ask JSON body (and an SSE run's `done` result) as tests read it. */
export interface AskBody {
  session_id: string
  token?: string
  answer: string
  sources: { number: number; title: string; cited: boolean }[]
  mode: string
  fallbacks: { stage: string; reason: string }[]
  related_questions: string[]
  abstained: boolean
  reason?: string
  search_query?: string
  search_error?: string
  model: string | null
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` }
}
