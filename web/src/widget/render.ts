// Answer text -> DOM nodes, never HTML strings (answers quote the web): paragraphs, and each
// [n] a superscript link to source n when the widget has it.
import { el } from '../el'
import type { WidgetSourceRef } from './client'

const CITATION = /\[(\d{1,3})\]/g

function linkOf(source: WidgetSourceRef | undefined, endpoint: string): string | null {
  const url = source?.url
  if (!url) return null
  try {
    const resolved = new URL(url, endpoint)
    return /^https?:$/.test(resolved.protocol) ? resolved.href : null
  } catch {
    return null
  }
}

function paragraph(text: string, sources: Map<number, WidgetSourceRef>, endpoint: string) {
  const p = el('p')
  let at = 0
  for (const match of text.matchAll(CITATION)) {
    p.append(text.slice(at, match.index))
    const n = Number(match[1])
    const source = sources.get(n)
    const sup = el('sup', 'cite')
    const href = linkOf(source, endpoint)
    const mark = el(href ? 'a' : 'span', undefined, String(n))
    if (mark instanceof HTMLAnchorElement && href) {
      mark.href = href
      mark.target = '_blank'
      mark.rel = 'noopener noreferrer'
    }
    mark.setAttribute('aria-label', `Source ${n}${source ? `: ${source.title}` : ''}`)
    if (source?.snippet) mark.title = source.snippet.slice(0, 300)
    sup.append(mark)
    p.append(sup)
    at = (match.index ?? 0) + match[0].length
  }
  p.append(text.slice(at))
  return p
}

export function renderAnswer(
  target: HTMLElement,
  text: string,
  sources: Map<number, WidgetSourceRef>,
  endpoint: string,
): void {
  // Light Markdown only: emphasis markers are dropped, blank lines split paragraphs.
  const plain = text.replace(/\*\*|__/g, '')
  target.replaceChildren(
    ...plain
      .split(/\n{2,}/)
      .filter((part) => part.trim())
      .map((part) => paragraph(part.trim(), sources, endpoint)),
  )
}

export function renderSources(
  target: HTMLElement,
  sources: Map<number, WidgetSourceRef>,
  endpoint: string,
): void {
  const items = [...sources.values()].sort((a, b) => a.number - b.number)
  target.replaceChildren(
    ...items.map((source) => {
      const item = el('li', source.cited === false ? 'src uncited' : 'src')
      const href = linkOf(source, endpoint)
      const title = el(href ? 'a' : 'span', 'src-title', `[${source.number}] ${source.title}`)
      if (title instanceof HTMLAnchorElement && href) {
        title.href = href
        title.target = '_blank'
        title.rel = 'noopener noreferrer'
      }
      item.append(title)
      if (source.domain)
        item.append(
          el('span', 'src-domain', source.domain === 'quire' ? 'Quire library' : source.domain),
        )
      return item
    }),
  )
  target.hidden = items.length === 0
}
