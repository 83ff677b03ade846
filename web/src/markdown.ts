// Answer text -> safe HTML: [n] markers become links to the turn's source list, Markdown is
// rendered with marked and the result sanitised with DOMPurify (answers quote the web).
import DOMPurify from 'dompurify'
import { marked } from 'marked'

const CITATION = /\[(\d{1,3})\]/g

export function sourceAnchor(turnId: string, number: number): string {
  return `${turnId}-source-${number}`
}

export function renderAnswer(markdown: string, turnId: string): string {
  const linked = markdown.replace(
    CITATION,
    (_, n: string) =>
      `<sup class="cite"><a href="#${sourceAnchor(turnId, Number(n))}" aria-label="Source ${n}">${n}</a></sup>`,
  )
  const html = marked.parse(linked, { async: false, gfm: true, breaks: false })
  return DOMPurify.sanitize(html, { ADD_ATTR: ['target'] })
}
