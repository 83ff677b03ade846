// A turn's scholarly ingestion (seed 002 §4), synchronously inside the run: arXiv and Crossref
// searched for the turn query through the polite clients, mapped and indexed into the shared
// scholarly cache (never the public library: the request is anonymous), under one time cap. A
// provider that fails or runs out of time is reported and skipped: the turn then debates over
// what is indexed already. Only the run's own stop throws.
import type { Deps } from '../deps'
import { arxivToIndexRequest, crossrefToIndexRequest } from '../ingest'
import { SCHOLARLY_NAMESPACE } from '../namespaces'
import { indexMany, type SourceRecord } from '../retrieval'
import { fetchPdf, type ArxivPaper } from '../sources'
import { untilAborted, withTimeout } from './abortable'

export interface ProviderIngest {
  count: number
  /** Why the provider gave nothing usable (unreachable, timed out), when it did not. */
  failure: string | null
}

export interface TurnIngest {
  arxiv: ProviderIngest
  crossref: ProviderIngest
}

async function withPdfText(deps: Deps, paper: ArxivPaper, signal: AbortSignal) {
  const request = arxivToIndexRequest(paper)
  try {
    const pages = (await fetchPdf(deps.safeFetch, paper.pdfUrl, signal)).filter((p) =>
      p.text.trim(),
    )
    if (pages.length > 0) {
      request.documents.push({
        title: paper.title,
        pages: pages.map((p) => ({ page: p.page, text: p.text })),
      })
    }
  } catch (error) {
    if (signal.aborted) throw error
    // A PDF that cannot be read leaves the abstract: the paper is still worth indexing.
  }
  return request
}

async function arxivRequests(deps: Deps, query: string, signal: AbortSignal) {
  const { arxivResults, arxivMaxResults, downloadPdfs } = deps.config.debate
  const maxResults = Math.min(arxivResults, arxivMaxResults)
  const papers = await deps.scholarly.arxiv.search(query, { maxResults }, signal)
  if (!downloadPdfs) return papers.map(arxivToIndexRequest)
  return Promise.all(papers.map((paper) => withPdfText(deps, paper, signal)))
}

async function crossrefRequests(deps: Deps, query: string, signal: AbortSignal) {
  const rows = deps.config.debate.crossrefResults
  const works = await deps.scholarly.crossref.search(query, { rows }, signal)
  return works.map(crossrefToIndexRequest).filter((r): r is SourceRecord => r !== null)
}

function describeFailure(error: unknown, capped: AbortSignal, ms: number): string {
  if (capped.aborted) return `no answer within ${Math.round(ms / 1000)} s`
  if (error instanceof Error && error.message) return error.message.slice(0, 200)
  return 'unreachable'
}

async function ingestFrom(
  deps: Deps,
  fetchRequests: (signal: AbortSignal) => Promise<SourceRecord[]>,
  signal: AbortSignal,
): Promise<ProviderIngest> {
  const ms = deps.config.debate.ingestTimeoutMs
  const capped = withTimeout(signal, ms)
  try {
    const work = (async () => {
      const records = await fetchRequests(capped)
      const requests = records.map((record) => ({ ...record, namespace: SCHOLARLY_NAMESPACE }))
      await indexMany(deps, requests, capped)
      return requests.length
    })()
    return { count: await untilAborted(work, capped), failure: null }
  } catch (error) {
    if (signal.aborted) throw error
    return { count: 0, failure: describeFailure(error, capped, ms) }
  }
}

export async function ingestForTurn(
  deps: Deps,
  query: string,
  signal: AbortSignal,
): Promise<TurnIngest> {
  const [arxiv, crossref] = await Promise.all([
    ingestFrom(deps, (s) => arxivRequests(deps, query, s), signal),
    ingestFrom(deps, (s) => crossrefRequests(deps, query, s), signal),
  ])
  return { arxiv, crossref }
}
