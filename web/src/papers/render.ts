// A finished paper answer as safe HTML: checked page citations become PDF links, Markdown is
// rendered with marked and the result sanitised with DOMPurify (answers quote PDFs).
import DOMPurify from 'dompurify'
import { marked } from 'marked'
import { linkPageCitations, type PdfHref } from './citations'
import type { PageCitation } from './types'

/** DOMPurify's default URL rule plus blob: (a kept PDF opens from an object URL). */
const SAFE_URL = /^(?:(?:https?|mailto|blob):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i

export function renderPaperAnswer(
  answer: string,
  citations: PageCitation[],
  hrefOf: PdfHref,
): string {
  const { markdown } = linkPageCitations(answer, citations, hrefOf)
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false })
  return DOMPurify.sanitize(html, { ADD_ATTR: ['target'], ALLOWED_URI_REGEXP: SAFE_URL })
}
