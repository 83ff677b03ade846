// APA 7 reference entries formatted by Quire from source metadata (never taken from the
// model). Written by hand rather than with citation-js: its CSL engine would add to the
// Worker bundle for the one style the debate needs. Markdown italics mark titles/venues.

export interface ReferenceMetadata {
  title: string
  authors: string[]
  year: number | null
  venue: string | null
  doi: string | null
  url: string | null
  kind: string
}

const PARTICLES = new Set(['van', 'von', 'der', 'de', 'da', 'del', 'la', 'le', 'di', 'du'])

function initials(given: string): string {
  return given
    .split(/\s+/)
    .filter(Boolean)
    .map((part) =>
      part
        .split('-')
        .map((p) => `${p.replace(/\.$/, '').charAt(0).toUpperCase()}.`)
        .join('-'),
    )
    .join(' ')
}

/** "Ashish Vaswani" / "Vaswani, Ashish" / "A. Vaswani" -> "Vaswani, A." */
export function apaAuthor(name: string): string {
  const trimmed = name.replace(/\s+/g, ' ').trim()
  if (!trimmed) return ''
  if (trimmed.includes(',')) {
    const [family = '', given = ''] = trimmed.split(',', 2).map((s) => s.trim())
    return given ? `${family}, ${initials(given)}` : family
  }
  const parts = trimmed.split(' ')
  if (parts.length === 1) return trimmed
  let start = parts.length - 1
  while (start > 1 && PARTICLES.has(parts[start - 1]!.toLowerCase())) start -= 1
  const family = parts.slice(start).join(' ')
  return `${family}, ${initials(parts.slice(0, start).join(' '))}`
}

/** APA 7 lists up to 20 authors; beyond that the first 19, an ellipsis, then the last. */
function authorList(authors: string[]): string {
  const names = authors.map(apaAuthor).filter(Boolean)
  if (names.length === 0) return ''
  if (names.length === 1) return names[0]!
  if (names.length > 20) return `${names.slice(0, 19).join(', ')}, . . . ${names.at(-1)}`
  return `${names.slice(0, -1).join(', ')}, & ${names.at(-1)}`
}

function sentence(text: string): string {
  const t = text.trim()
  return /[.?!]$/.test(t) ? t : `${t}.`
}

function link(meta: ReferenceMetadata): string {
  if (meta.doi) return `https://doi.org/${meta.doi.replace(/^https?:\/\/(dx\.)?doi\.org\//i, '')}`
  return meta.url ?? ''
}

/** One reference entry in APA 7 (journal article, or preprint for arXiv). */
export function formatApa(meta: ReferenceMetadata): string {
  const authors = authorList(meta.authors)
  const date = `(${meta.year ?? 'n.d.'}).`
  const isPreprint = meta.kind === 'arxiv' && (!meta.venue || /^arxiv$/i.test(meta.venue))
  const title = isPreprint
    ? `*${meta.title.trim().replace(/[.]$/, '')}* [Preprint].`
    : sentence(meta.title)
  const venue = isPreprint ? 'arXiv.' : meta.venue ? `*${meta.venue.trim()}*.` : ''
  // With no author, APA moves the title to the author position.
  const head = authors
    ? `${sentence(authors).replace(/\.\.$/, '.')} ${date} ${title}`
    : `${title} ${date}`
  return [head, venue, link(meta)].filter(Boolean).join(' ')
}
