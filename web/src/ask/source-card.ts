// One source card: cited or not (in words and style), number, domain, year, authors and venue
// (read from /api/sources/:id for library sources, which have them), image, and the passage
// that hovering its [n] shows (data-snippet).
import type { AnswerSource } from '../types'
import { el } from '../el'

interface SourceMeta {
  authors?: string[]
  year?: number | null
  venue?: string | null
}

const LIBRARY_LINK = /^\/api\/sources\/([^/?#]+)$/
const metaCache = new Map<string, Promise<SourceMeta | null>>()

function readMeta(url: string): Promise<SourceMeta | null> | null {
  if (!LIBRARY_LINK.test(url)) return null
  let pending = metaCache.get(url)
  if (!pending) {
    pending = fetch(url, { headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<SourceMeta>) : null))
      .catch(() => null)
    metaCache.set(url, pending)
  }
  return pending
}

function yearOf(date: string | undefined): string | null {
  const match = date ? /^(\d{4})/.exec(date) : null
  return match?.[1] ?? null
}

function byline(meta: SourceMeta): string {
  const authors = meta.authors ?? []
  const names = authors.length > 3 ? `${authors.slice(0, 3).join(', ')} et al.` : authors.join(', ')
  return [names, meta.venue].filter(Boolean).join(' · ')
}

/** Marks a card cited or not; the label is text, not only colour. */
export function setCited(card: HTMLElement, cited: boolean): void {
  card.classList.toggle('cited', cited)
  card.classList.toggle('uncited', !cited)
  const label = card.querySelector('.cited-label')
  if (label) label.textContent = cited ? 'Cited' : 'Not cited'
}

export function sourceCard(source: AnswerSource, id: string): HTMLLIElement {
  const item = el('li', 'source')
  item.id = id
  item.dataset.n = String(source.number)
  if (source.snippet) item.dataset.snippet = source.snippet
  if (source.image) {
    const img = el('img', 'thumb')
    img.src = source.image
    img.alt = ''
    img.loading = 'lazy'
    img.referrerPolicy = 'no-referrer'
    img.addEventListener('error', () => img.remove())
    item.append(img)
  }
  const link = el('a', 'source-title', source.title)
  link.href = source.url
  link.target = '_blank'
  link.rel = 'noopener noreferrer'
  const where = source.domain === 'quire' ? 'Quire library' : source.domain
  const year = yearOf(source.date)
  const meta = el(
    'span',
    'source-meta',
    [String(source.number), where, year].filter(Boolean).join(' · '),
  )
  const label = el('span', 'cited-label')
  const by = el('span', 'source-byline')
  by.hidden = true
  item.append(meta, label, link, by)
  setCited(item, source.cited ?? false)
  void readMeta(source.url)?.then((found) => {
    if (!found) return
    const text = byline(found)
    if (text) {
      by.textContent = text
      by.hidden = false
    }
    if (!year && found.year) meta.textContent = `${meta.textContent} · ${found.year}`
  })
  return item
}
