// Export of a session's document: Markdown with a references section, or BibTeX of its
// sources through citation-js (loaded on first use, not with every request). DOIs, arXiv ids,
// authors and years come from what Quire ingested, never from the model's words.
import { readSource } from '../db'
import type { WritingSource } from './sources'

export interface Reference {
  key: string
  title: string
  url?: string
  doi?: string
  arxiv?: string
  authors: string[]
  year: number | null
  verified: boolean
}

function keyOf(
  ref: { title: string; authors: string[]; year: number | null },
  used: Set<string>,
): string {
  const family =
    (ref.authors[0] ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .at(-1) ?? ''
  const word = ref.title.toLowerCase().match(/[a-z]{4,}/)?.[0] ?? 'source'
  const base = `${family.toLowerCase().replace(/[^a-z]/g, '') || word}${ref.year ?? ''}`
  let key = base
  for (let i = 2; used.has(key); i += 1) key = `${base}${String.fromCharCode(95 + i)}`
  used.add(key)
  return key
}

/** The document's sources as references, enriched from the ingested source rows. */
export async function resolveReferences(
  db: D1Database,
  sources: WritingSource[],
): Promise<Reference[]> {
  const used = new Set<string>()
  const seen = new Set<string>()
  const out: Reference[] = []
  for (const source of sources) {
    const row = source.sourceId ? await readSource(db, source.sourceId) : undefined
    const identity = row?.id ?? source.url ?? source.title
    if (seen.has(identity)) continue
    seen.add(identity)
    const authors = row?.authors ?? source.authors ?? []
    const year = row?.year ?? source.year ?? null
    const title = row?.title ?? source.title
    const doi = row?.doi ?? source.doi
    const url = row?.url ?? source.url
    const arxiv =
      row?.kind === 'arxiv'
        ? row.externalId
        : /arxiv[:/]\s*(\d{4}\.\d{4,5})/i.exec(source.cited ?? '')?.[1]
    out.push({
      key: keyOf({ title, authors, year }, used),
      title,
      authors,
      year,
      verified: source.verified,
      ...(doi ? { doi } : {}),
      ...(url ? { url } : {}),
      ...(arxiv ? { arxiv } : {}),
    })
  }
  return out
}

export function markdownWithReferences(markdown: string, refs: Reference[]): string {
  if (refs.length === 0) return markdown
  const lines = refs.map((r, i) => {
    const who = r.authors.length
      ? `${r.authors.slice(0, 3).join(', ')}${r.authors.length > 3 ? ' et al.' : ''}. `
      : ''
    const when = r.year ? `(${r.year}). ` : ''
    const where = r.doi
      ? ` https://doi.org/${r.doi}`
      : r.arxiv
        ? ` arXiv:${r.arxiv}`
        : r.url
          ? ` ${r.url}`
          : ''
    return `${i + 1}. ${who}${when}${r.title}.${where}${r.verified ? '' : ' (unverified)'}`
  })
  return `${markdown.trimEnd()}\n\n## References\n\n${lines.join('\n')}\n`
}

function cslOf(ref: Reference): Record<string, unknown> {
  return {
    id: ref.key,
    'citation-key': ref.key,
    type: ref.doi || ref.arxiv ? 'article-journal' : 'webpage',
    title: ref.title,
    author: ref.authors.map((name) => ({ literal: name })),
    ...(ref.year ? { issued: { 'date-parts': [[ref.year]] } } : {}),
    ...(ref.doi ? { DOI: ref.doi } : {}),
    ...(ref.url ? { URL: ref.url } : {}),
    ...(ref.arxiv ? { number: `arXiv:${ref.arxiv}`, publisher: 'arXiv' } : {}),
  }
}

export async function bibtexOf(refs: Reference[]): Promise<string> {
  if (refs.length === 0) return ''
  const { Cite } = await import('@citation-js/core')
  await import('@citation-js/plugin-bibtex')
  return new Cite(refs.map(cslOf)).format('bibtex')
}
