// Reference metadata as CSL-JSON, the input citation-js formats from: the kind decides the
// item type, names are parsed into family and given parts, and a reference missing fields
// carries `note: "metadata incomplete"` (BibTeX `note = {metadata incomplete}`).
import { parse as parseName } from '@citation-js/name'
import { cleanTitle, missingFields, type ReferenceMetadata } from './reference-metadata'
import { UNKNOWN_AUTHORS, type Attribution } from './standalone'

export const INCOMPLETE_NOTE = 'metadata incomplete'
/** Words of a title an author-year citation shows when the work has no author (APA). */
const SHORT_TITLE_WORDS = 4

export type CslItem = Record<string, unknown> & { id: string }

function typeOf(meta: ReferenceMetadata): string {
  if (meta.kind === 'arxiv') return 'article'
  if (meta.kind === 'web') return 'webpage'
  if (meta.venue || meta.doi || meta.kind === 'crossref' || meta.kind === 'corpus')
    return 'article-journal'
  return 'document'
}

/** Words a short title does not end on ("Vitamin D supplementation and"). */
const TRAILING = /^(a|an|and|as|at|by|for|from|in|into|of|on|or|the|to|with|versus|vs)$/i

function shortTitle(title: string): string | undefined {
  const words = title.split(' ')
  if (words.length <= SHORT_TITLE_WORDS + 1) return undefined
  const kept = words.slice(0, SHORT_TITLE_WORDS)
  while (kept.length > 1 && TRAILING.test(kept.at(-1) ?? '')) kept.pop()
  return kept.join(' ').replace(/[,:;]+$/, '')
}

function namesOf(authors: string[]): Record<string, string>[] {
  return authors.map((name) => {
    const parsed = parseName(name.replace(/\s+/g, ' ').trim()) as Record<string, string>
    return parsed.family || parsed.literal ? parsed : { literal: name.trim() }
  })
}

/** How prose names a work's authors: "Smith", "Smith and Lee", "Smith et al."; else "One study". */
export function attributionOf(authors: string[]): Attribution {
  const families = namesOf(authors.slice(0, 3)).map((n) => {
    const particle = n['non-dropping-particle'] ? `${n['non-dropping-particle']} ` : ''
    return n.family ? `${particle}${n.family}` : (n.literal ?? '')
  })
  const [first, second] = families
  if (!first) return UNKNOWN_AUTHORS
  if (authors.length === 1) return { subject: first, plural: false }
  if (authors.length === 2 && second) return { subject: `${first} and ${second}`, plural: true }
  return { subject: `${first} et al.`, plural: true }
}

/** BibTeX keys: family name (or the title's first word) and year, made unique with a, b, …. */
export function citationKeys(metas: ReferenceMetadata[]): Map<string, string> {
  const used = new Set<string>()
  const keys = new Map<string, string>()
  for (const meta of metas) {
    const family = (namesOf(meta.authors.slice(0, 1))[0]?.family ?? '')
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z]/g, '')
    const word = meta.title.toLowerCase().match(/[a-z]{4,}/)?.[0] ?? 'source'
    const base = `${family || word}${meta.year ?? ''}`
    let key = base
    for (let i = 0; used.has(key); i += 1) key = `${base}${String.fromCharCode(97 + i)}`
    used.add(key)
    keys.set(meta.id, key)
  }
  return keys
}

export function cslItemOf(meta: ReferenceMetadata, key: string): CslItem {
  const title = cleanTitle(meta.title)
  const short = shortTitle(title)
  const preprint = meta.kind === 'arxiv'
  const note = [
    missingFields(meta).length > 0 ? INCOMPLETE_NOTE : '',
    meta.verified ? '' : 'unverified: not retrieved by Quire',
  ]
    .filter(Boolean)
    .join('; ')
  return {
    id: meta.id,
    'citation-key': key,
    type: typeOf(meta),
    title,
    ...(short ? { 'title-short': short } : {}),
    ...(meta.authors.length ? { author: namesOf(meta.authors) } : {}),
    ...(meta.year ? { issued: { 'date-parts': [[meta.year]] } } : {}),
    ...(meta.venue && !preprint ? { 'container-title': meta.venue } : {}),
    ...(preprint ? { genre: 'Preprint', publisher: 'arXiv' } : {}),
    ...(preprint && meta.arxiv ? { number: `arXiv:${meta.arxiv}` } : {}),
    ...(meta.doi ? { DOI: meta.doi } : {}),
    ...(meta.url ? { URL: meta.url } : {}),
    ...(note ? { note } : {}),
  }
}
