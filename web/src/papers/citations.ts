// Page citations in an answer, made clickable: each "[Paper Title, Page X]" the server checked
// becomes a link that opens that paper's PDF at the page (#page=X). A marker that names no
// checked citation is dropped, never shown as if real. Pure (no DOM), tested in test/web/.
import { escapeUTF8 as escapeHtml } from 'entities/escape'
import type { PageCitation } from './types'

/** Where a paper's PDF opens at a page, or null when this page cannot open it. */
export type PdfHref = (paperId: string, page: number) => string | null

const MARKER = /\s?\[([^[\]\n]{2,300}?),\s*(?:pages?|pp?\.)\s*(\d{1,4})(?:\s*[-–]\s*\d{1,4})?\]/gi

const norm = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

/** Adds #page=N to a PDF link, replacing any fragment it had. */
export function atPage(pdfUrl: string, page: number): string {
  return `${pdfUrl.replace(/#.*$/, '')}#page=${page}`
}

function citationFor(title: string, page: number, citations: PageCitation[]) {
  const wanted = norm(title)
  return citations.find((c) => c.page === page && norm(c.title) === wanted)
}

/** Long titles are shortened in the text; the full title is in the link's title (its name
 * stays the visible text, as speech-input users say it). */
function shortTitle(title: string): string {
  if (title.length <= 40) return title
  const head = title.split(/[:—–]/)[0]?.trim() ?? ''
  return head.length >= 4 && head.length <= 40 ? head : `${title.slice(0, 37).trimEnd()}…`
}

function anchor(citation: PageCitation, href: string | null): string {
  const label = `${escapeHtml(shortTitle(citation.title))}, p.&nbsp;${citation.page}`
  const data = `data-paper="${escapeHtml(citation.paper_id)}" data-page="${citation.page}"`
  if (!href) {
    return ` <span class="page-cite" ${data} title="This PDF is not available in this tab">[${label}]</span>`
  }
  return (
    ` <a class="page-cite" ${data} href="${escapeHtml(href)}" target="_blank" rel="noopener"` +
    ` title="${escapeHtml(citation.title)}, page ${citation.page} (opens the PDF)">[${label}]</a>`
  )
}

/**
 * The answer's Markdown with its checked page citations as HTML links (to be sanitised by the
 * renderer); returns how many markers were dropped because no checked citation matched them.
 */
export function linkPageCitations(
  answer: string,
  citations: PageCitation[],
  hrefOf: PdfHref,
): { markdown: string; dropped: number } {
  let dropped = 0
  const markdown = answer.replace(MARKER, (_whole, title: string, page: string) => {
    const citation = citationFor(title, Number(page), citations)
    if (!citation) {
      dropped += 1
      return ''
    }
    return anchor(citation, hrefOf(citation.paper_id, citation.page))
  })
  return { markdown, dropped }
}
