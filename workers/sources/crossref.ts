// Crossref REST API client (https://api.crossref.org/swagger-ui/index.html): bibliographic
// search limited to journal and proceedings articles, and look-up by DOI. Polite pool:
// every request carries mailto= and a User-Agent with a contact address.
import { ProviderError, ValidationError } from '../errors'
import { parseFailure, parseWork, parseWorkList, SCHOLARLY_TYPES } from './crossref-parse'
import type { PoliteFetch } from './polite-http'
import type { CrossrefClient, CrossrefSearchOptions, CrossrefWork } from './scholarly-types'
import { SourceParseError } from './source-errors'

const MAX_ROWS = 50
const MAX_QUERY_CHARS = 500
const DOI_SHAPE = /^10\.\d{4,9}\/\S+$/
// Only what toWork reads: full records carry reference lists ten times their size.
const SELECT = [
  'DOI',
  'title',
  'type',
  'author',
  'abstract',
  'container-title',
  'event',
  'issued',
  'published',
  'published-print',
  'published-online',
  'URL',
].join(',')

export interface CrossrefClientOptions {
  baseUrl: string
  contactEmail: string
  http: PoliteFetch
}

/** Accepts bare DOIs, `doi:` prefixes and doi.org URLs; throws ValidationError otherwise. */
export function normaliseDoi(raw: string): string {
  const doi = raw
    .trim()
    .replace(/^doi:\s*/i, '')
    .replace(/^https?:\/\/(dx\.)?doi\.org\//i, '')
  if (!DOI_SHAPE.test(doi)) throw new ValidationError(`Not a DOI: ${raw.slice(0, 80)}`)
  return doi
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new SourceParseError(
      'crossref',
      `Crossref answered HTTP ${response.status} with non-JSON`,
      {
        cause: error,
      },
    )
  }
}

async function failIfNotOk(response: Response): Promise<void> {
  if (response.ok) return
  if (response.status === 400) {
    const messages = parseFailure(await readJson(response)) ?? ['bad request']
    throw new ValidationError(`Crossref rejected the query: ${messages.join('; ')}`, {
      details: { provider: 'crossref', messages },
    })
  }
  await response.body?.cancel()
  throw new ProviderError('crossref', `Crossref answered HTTP ${response.status}`, {
    details: { status: response.status },
  })
}

export function createCrossrefClient(options: CrossrefClientOptions): CrossrefClient {
  const get = (path: string, params: URLSearchParams, signal?: AbortSignal) => {
    params.set('mailto', options.contactEmail)
    const url = `${options.baseUrl}${path}?${params.toString()}`
    return options.http(url, { headers: { accept: 'application/json' } }, signal)
  }

  return {
    async search(query, searchOptions: CrossrefSearchOptions = {}, signal) {
      const text = query.trim().slice(0, MAX_QUERY_CHARS)
      if (!text) throw new ValidationError('The Crossref query is empty')
      const rows = Math.min(MAX_ROWS, Math.max(1, Math.floor(searchOptions.rows ?? 10)))
      const params = new URLSearchParams({ query: text, rows: String(rows) })
      params.set('filter', 'type:journal-article,type:proceedings-article')
      params.set('select', SELECT)
      const response = await get('/works', params, signal)
      await failIfNotOk(response)
      // Filtered upstream too; checked again so a mirror or an old cache cannot widen it.
      return parseWorkList(await readJson(response)).filter((w) => SCHOLARLY_TYPES.has(w.type))
    },
    async byDoi(raw, signal): Promise<CrossrefWork | null> {
      const doi = normaliseDoi(raw)
      const response = await get(`/works/${encodeURIComponent(doi)}`, new URLSearchParams(), signal)
      // Crossref's 404 body is the plain text "Resource not found."
      if (response.status === 404) {
        await response.body?.cancel()
        return null
      }
      await failIfNotOk(response)
      return parseWork(await readJson(response))
    },
  }
}
