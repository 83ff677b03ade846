// One JSON request to a search API: a 6-second deadline joined with the caller's signal, the
// body validated with zod; every failure becomes ProviderError(<provider>).
import type { z } from 'zod'
import { ProviderError } from '../errors'
import type { FetchLike } from './polite-http'

export const SEARCH_TIMEOUT_MS = 6_000

export interface SearchRequest<T> {
  provider: string
  url: string
  init: RequestInit
  schema: z.ZodType<T>
  fetchImpl?: FetchLike
  signal?: AbortSignal
}

export async function requestSearchJson<T>(request: SearchRequest<T>): Promise<T> {
  const { provider, signal } = request
  const fetchImpl: FetchLike = request.fetchImpl ?? ((input, init) => globalThis.fetch(input, init))
  const deadline = AbortSignal.timeout(SEARCH_TIMEOUT_MS)
  let body: unknown
  try {
    const combined = signal ? AbortSignal.any([signal, deadline]) : deadline
    const response = await fetchImpl(request.url, { ...request.init, signal: combined })
    if (!response.ok) {
      await response.body?.cancel()
      throw new ProviderError(provider, `${provider} search answered HTTP ${response.status}`, {
        retryable: response.status === 429 || response.status >= 500,
        details: { status: response.status },
      })
    }
    body = await response.json()
  } catch (error) {
    if (error instanceof ProviderError) throw error
    if (signal?.aborted) throw signal.reason
    const what = deadline.aborted ? `timed out after ${SEARCH_TIMEOUT_MS} ms` : 'failed'
    throw new ProviderError(provider, `${provider} search ${what}`, {
      cause: error,
      retryable: true,
    })
  }
  const parsed = request.schema.safeParse(body)
  if (!parsed.success) {
    throw new ProviderError(provider, `${provider} search returned an unexpected body`, {
      cause: parsed.error,
    })
  }
  return parsed.data
}
