// arXiv export API client: search (relevance first) and look-up by id, one request every 3 s
// per isolate as arXiv asks (https://info.arxiv.org/help/api/tou.html).
import { ProviderError, ValidationError } from '../errors'
import { parseArxivFeed } from './arxiv-parse'
import type { PoliteFetch } from './polite-http'
import { createRateGate, type RateGate } from './rate-gate'
import type { ArxivClient, ArxivPaper, ArxivSearchOptions } from './scholarly-types'

export const ARXIV_INTERVAL_MS = 3_000
const MAX_RESULTS = 100
const MAX_QUERY_CHARS = 300
const FIELD_SYNTAX = /\b(ti|au|abs|co|jr|cat|rn|id|all):/
const STOPWORDS = new Set(
  'a an and are as at be by for from how in is it of on or that the to what which with why does do'.split(
    ' ',
  ),
)
// New-style (2301.01234v2) and old-style (hep-th/9901001v1) identifiers.
const ARXIV_ID = /^(\d{4}\.\d{4,5}|[a-z-]+(\.[a-z]{2})?\/\d{7})(v\d+)?$/i

// The gate is per isolate on purpose: arXiv's limit is per client, and every request an
// isolate makes shares its egress. Tests inject their own gate.
let isolateGate: RateGate | undefined

export function sharedArxivGate(): RateGate {
  isolateGate ??= createRateGate({ intervalMs: ARXIV_INTERVAL_MS })
  return isolateGate
}

/**
 * Free text becomes `all:` terms: up to 3 content words must all match (precise); longer
 * questions OR their words and let relevance sorting rank papers matching more of them first.
 * Text already in arXiv syntax (`ti:`, `au:`, `cat:` ...) is passed through.
 */
export function buildArxivQuery(query: string): string {
  const text = query.trim().slice(0, MAX_QUERY_CHARS)
  if (FIELD_SYNTAX.test(text)) return text
  const words = (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}.+-]*/gu) ?? [])
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .slice(0, 8)
  if (words.length === 0) throw new ValidationError('The arXiv query has no searchable words')
  return words.map((w) => `all:${w}`).join(words.length <= 3 ? ' AND ' : ' OR ')
}

export function normaliseArxivId(raw: string): string {
  const id = raw
    .trim()
    .replace(/^arxiv:/i, '')
    .replace(/^https?:\/\/(export\.)?arxiv\.org\/(abs|pdf)\//i, '')
    .replace(/\.pdf$/i, '')
  if (!ARXIV_ID.test(id)) throw new ValidationError(`Not an arXiv identifier: ${raw.slice(0, 60)}`)
  return id
}

interface ArxivClientOptions {
  baseUrl: string
  http: PoliteFetch
}

async function requestFeed(
  options: ArxivClientOptions,
  params: URLSearchParams,
  signal?: AbortSignal,
): Promise<ArxivPaper[]> {
  const url = `${options.baseUrl}?${params.toString()}`
  const response = await options.http(url, { headers: { accept: 'application/atom+xml' } }, signal)
  // arXiv reports bad queries as HTTP 400 carrying an Atom feed with one "Error" entry.
  if (!response.ok && response.status !== 400) {
    await response.body?.cancel()
    throw new ProviderError('arxiv', `arXiv answered HTTP ${response.status}`, {
      details: { status: response.status },
    })
  }
  const papers = parseArxivFeed(await response.text())
  if (!response.ok) throw new ProviderError('arxiv', 'arXiv answered HTTP 400 without a reason')
  return papers
}

export function createArxivClient(options: ArxivClientOptions): ArxivClient {
  return {
    async search(query, searchOptions: ArxivSearchOptions = {}, signal) {
      const params = new URLSearchParams({
        search_query: buildArxivQuery(query),
        start: String(Math.max(0, Math.floor(searchOptions.start ?? 0))),
        max_results: String(Math.min(MAX_RESULTS, Math.max(1, searchOptions.maxResults ?? 10))),
        sortBy: searchOptions.sortBy ?? 'relevance',
        sortOrder: 'descending',
      })
      return requestFeed(options, params, signal)
    },
    async byIds(ids, signal) {
      const unique = [...new Set(ids.map(normaliseArxivId))]
      if (unique.length === 0) return []
      if (unique.length > MAX_RESULTS) {
        throw new ValidationError(`At most ${MAX_RESULTS} arXiv ids per look-up`)
      }
      const params = new URLSearchParams({
        id_list: unique.join(','),
        max_results: String(unique.length),
      })
      return requestFeed(options, params, signal)
    },
  }
}
