// Fetches what a source job names (arXiv, Crossref, a web page, a PDF) and maps it to
// IndexRequests. Adapters raise ProviderError/SourceParseError; this file adds no retries.
import { ValidationError } from '../errors'
import type { IndexRequest, SourceRecord } from '../retrieval'
import { fetchPdf, fetchReadablePage } from '../sources'
import { arxivToIndexRequest, crossrefToIndexRequest } from './index-requests'
import type { JobContext } from './job-context'
import type { IngestJob } from './schemas'

type SourceJob = Exclude<IngestJob, { type: 'text' | 'demo_corpus' }>

const DEFAULT_ARXIV_RESULTS = 10
const DEFAULT_CROSSREF_ROWS = 10

export async function sourceJobToIndexRequests(
  job: SourceJob,
  namespace: string,
  ctx: JobContext,
): Promise<IndexRequest[]> {
  const requests = await fetchRequests(job, ctx)
  return requests.map((request) => ({ ...request, namespace }))
}

async function fetchRequests(job: SourceJob, ctx: JobContext): Promise<SourceRecord[]> {
  const { scholarly } = ctx.deps
  switch (job.type) {
    case 'arxiv_query': {
      const maxResults = job.max_results ?? DEFAULT_ARXIV_RESULTS
      const papers = await scholarly.arxiv.search(job.query, { maxResults }, ctx.signal)
      return papers.map(arxivToIndexRequest)
    }
    case 'arxiv_ids': {
      const papers = await scholarly.arxiv.byIds(job.ids, ctx.signal)
      return papers.map(arxivToIndexRequest)
    }
    case 'crossref_query': {
      const rows = job.rows ?? DEFAULT_CROSSREF_ROWS
      const works = await scholarly.crossref.search(job.query, { rows }, ctx.signal)
      // Works without an abstract or of a non-scholarly type map to null: nothing to index.
      return works.map(crossrefToIndexRequest).filter((r): r is SourceRecord => r !== null)
    }
    case 'url':
      return [await pageRequest(job.url, ctx)]
    case 'pdf_url':
      return [await pdfRequest(job, ctx)]
  }
}

async function pageRequest(url: string, ctx: JobContext): Promise<SourceRecord> {
  const page = await fetchReadablePage(ctx.deps.safeFetch, url, ctx.signal)
  if (!page.text.trim()) throw new ValidationError(`No readable text at ${page.url}`)
  return {
    source: {
      kind: 'web',
      externalId: page.url,
      title: page.title || page.url,
      url: page.url,
      imageUrl: page.image ?? null,
    },
    documents: [{ title: page.title || page.url, pages: [{ page: null, text: page.text }] }],
  }
}

async function pdfRequest(
  job: Extract<SourceJob, { type: 'pdf_url' }>,
  ctx: JobContext,
): Promise<SourceRecord> {
  const pages = await fetchPdf(ctx.deps.safeFetch, job.url, ctx.signal)
  const withText = pages.filter((p) => p.text.trim().length > 0)
  if (withText.length === 0)
    throw new ValidationError(`No extractable text in the PDF at ${job.url}`)
  const title = job.title ?? titleFromUrl(job.url)
  return {
    source: { kind: 'pdf', externalId: job.url, title, url: job.url, pdfUrl: job.url },
    documents: [{ title, pages: withText.map((p) => ({ page: p.page, text: p.text })) }],
  }
}

/** 'https://x.org/papers/attention.pdf' -> 'attention'; the host when the path says nothing. */
function titleFromUrl(url: string): string {
  const { hostname, pathname } = new URL(url)
  const last = safeDecode(pathname.split('/').filter(Boolean).pop() ?? '')
  const name = last
    .replace(/\.pdf$/i, '')
    .replace(/[_-]+/g, ' ')
    .trim()
  return name || hostname
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
