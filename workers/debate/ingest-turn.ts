// A turn's scholarly ingestion (seed 002 §4), synchronously inside the run: arXiv and Crossref
// searched for the turn query through the polite clients, mapped and indexed into the shared
// scholarly cache (never the public library: the request is anonymous), under one time cap. A
// provider that fails or runs out of time is reported and skipped: the turn then debates over
// what is indexed already, and one unreachable or timed out is not asked again in this run
// (upstreams.ts). Only the run's own stop throws.
import type { Deps } from '../deps'
import { isAppError } from '../errors'
import { arxivToIndexRequest, crossrefToIndexRequest } from '../ingest'
import { SCHOLARLY_NAMESPACE } from '../namespaces'
import { indexMany, type SourceRecord } from '../retrieval'
import { fetchPdf, type ArxivPaper } from '../sources'
import { untilAborted, withTimeout } from './abortable'
import type { FailedUpstreams, Upstream } from './upstreams'

export interface ProviderIngest {
  count: number
  /** Why the provider gave nothing usable (unreachable, timed out), when it did not. */
  failure: string | null
  /** Not asked: it failed earlier in this run (`failure` says how, then). */
  skipped: boolean
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

/** Unreachable, timed out or answering 5xx/429 after its retries: asking again will not help. */
function isTransient(error: unknown, capped: AbortSignal): boolean {
  return capped.aborted || (isAppError(error) && error.retryable)
}

interface IngestJob {
  upstream: Upstream
  fetchRequests: (signal: AbortSignal) => Promise<SourceRecord[]>
}

async function ingestFrom(
  deps: Deps,
  job: IngestJob,
  run: { signal: AbortSignal; failed: FailedUpstreams },
): Promise<ProviderIngest> {
  const earlier = run.failed.get(job.upstream)
  if (earlier !== undefined) return { count: 0, failure: earlier, skipped: true }
  const ms = deps.config.debate.ingestTimeoutMs
  const capped = withTimeout(run.signal, ms)
  try {
    const work = (async () => {
      const records = await job.fetchRequests(capped)
      const requests = records.map((record) => ({ ...record, namespace: SCHOLARLY_NAMESPACE }))
      await indexMany(deps, requests, capped)
      return requests.length
    })()
    return { count: await untilAborted(work, capped), failure: null, skipped: false }
  } catch (error) {
    if (run.signal.aborted) throw error
    const failure = describeFailure(error, capped, ms)
    if (isTransient(error, capped)) run.failed.set(job.upstream, failure)
    return { count: 0, failure, skipped: false }
  }
}

/** `failed` is the run's memory of failed upstreams: read to skip, written on a failure. */
export async function ingestForTurn(
  deps: Deps,
  query: string,
  run: { signal: AbortSignal; failed: FailedUpstreams },
): Promise<TurnIngest> {
  const [arxiv, crossref] = await Promise.all([
    ingestFrom(
      deps,
      { upstream: 'arxiv', fetchRequests: (s) => arxivRequests(deps, query, s) },
      run,
    ),
    ingestFrom(
      deps,
      { upstream: 'crossref', fetchRequests: (s) => crossrefRequests(deps, query, s) },
      run,
    ),
  ])
  return { arxiv, crossref }
}
