// Maps scholarly records to the indexer's input (retrieval's IndexRequest): one source, one
// document holding title + abstract on a page-less body. Lives in ingest, its one user, so
// sources/ does not depend on retrieval/ (which depends on sources/).
import type { SourceRecord } from '../retrieval'
import type { ArxivPaper, CrossrefWork } from '../sources'

function yearOf(iso: string): number | null {
  const year = Number(iso.slice(0, 4))
  return Number.isInteger(year) && year > 0 ? year : null
}

export function arxivToIndexRequest(paper: ArxivPaper): SourceRecord {
  const text = paper.abstract ? `${paper.title}\n\n${paper.abstract}` : paper.title
  return {
    source: {
      kind: 'arxiv',
      externalId: paper.id,
      title: paper.title,
      authors: paper.authors,
      year: yearOf(paper.published),
      venue: paper.journalRef ?? 'arXiv',
      doi: paper.doi,
      url: paper.absUrl,
      pdfUrl: paper.pdfUrl,
      abstract: paper.abstract || null,
      publishedAt: paper.published || null,
      metadata: {
        versionedId: paper.versionedId,
        categories: paper.categories,
        primaryCategory: paper.primaryCategory,
        updated: paper.updated,
        comment: paper.comment,
      },
    },
    documents: [{ title: paper.title, pages: [{ page: null, text }] }],
  }
}

/** A title alone is worth indexing when it says something: at least three words. */
function isTitleWorthIndexing(title: string): boolean {
  return title.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length >= 3
}

/** null when the work has neither an abstract nor a title worth indexing. */
export function crossrefToIndexRequest(work: CrossrefWork): SourceRecord | null {
  const hasTitle = isTitleWorthIndexing(work.title)
  if (!work.abstract && !hasTitle) return null
  const title = work.title || work.doi
  const text = work.abstract
    ? work.title
      ? `${work.title}\n\n${work.abstract}`
      : work.abstract
    : title
  return {
    source: {
      kind: 'crossref',
      externalId: work.doi.toLowerCase(),
      title,
      authors: work.authors,
      year: work.year,
      venue: work.venue,
      doi: work.doi,
      url: work.url,
      abstract: work.abstract,
      metadata: { type: work.type },
    },
    documents: [{ title, pages: [{ page: null, text }] }],
  }
}
