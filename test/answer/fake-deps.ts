// In-process AnswerDeps for stage tests: scripted search providers, a recording emitter, and
// a guarded fetch that serves pages from a map (or hangs / fails on demand).
import type { AnswerDeps } from '../../workers/answer/types'
import type {
  SafeFetch,
  SafeResponse,
  WebSearchProvider,
  WebSearchResult,
} from '../../workers/sources'
import type { PacketBody } from '../../workers/stream'
import { htmlResponse } from '../fakes/safe-response'

export function fixedSearch(
  results: WebSearchResult[],
  name = 'fixed',
): WebSearchProvider & { calls: number } {
  const provider = {
    name,
    calls: 0,
    search: async () => {
      provider.calls += 1
      return results
    },
  }
  return provider
}

export function failingSearch(error: Error): WebSearchProvider {
  return {
    name: 'failing',
    search: async () => {
      throw error
    },
  }
}

/** Never answers and ignores its signal: only the stage's own deadline can end the wait. */
export function hangingSearch(): WebSearchProvider {
  return { name: 'hanging', search: () => new Promise<WebSearchResult[]>(() => undefined) }
}

export function pageFetch(pages: Record<string, string | 'hang' | 'fail'>): SafeFetch {
  return async (url, options) => {
    const page = pages[url]
    if (page === undefined || page === 'fail') throw new Error(`no page for ${url}`)
    if (page === 'hang') {
      return new Promise<SafeResponse>((_, reject) =>
        options?.signal?.addEventListener('abort', () => reject(options.signal?.reason)),
      )
    }
    return htmlResponse(url, page)
  }
}

export interface RecordingDeps extends AnswerDeps {
  packets: PacketBody[]
}

export function fakeDeps(overrides: Partial<AnswerDeps> = {}): RecordingDeps {
  const packets: PacketBody[] = []
  const none = fixedSearch([])
  return {
    mode: 'offline',
    models: null,
    webSearch: none,
    webSearchConfigured: true,
    corpusSearch: none,
    academicSearch: () => none,
    safeFetch: pageFetch({}),
    now: () => 5_000,
    emit: (packet) => packets.push(packet),
    ...overrides,
    packets,
  }
}
