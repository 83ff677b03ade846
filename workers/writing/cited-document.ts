// The document as it is shown and exported: its markdown with in-text citations for the placed
// sentences still in it (numbered or author–year, as the document chose) and a References
// section of exactly the works those citations name — built from the text present now, so a
// restore, a deletion or a reject drops references no remaining sentence cites. Entries come
// through citation-js from each source's stored metadata; unverified and incomplete ones say so.
import {
  apaReferences,
  authorYearCitations,
  bibtexOf,
  cleanTitle,
  readReferenceMetadata,
  type ReferenceMetadata,
} from '../grounding'
import type { CitationStyle } from './citation-style'
import { annotate, locateCitations, type PlacedPiece } from './in-text-citations'
import type { WritingSource } from './sources'

export interface DocumentReference {
  /** The work's key (its source id for retrieved sources). */
  id: string
  /** Its number in a numbered document; null in an author–year one. */
  number: number | null
  /** The APA 7 entry in Markdown. */
  apa: string
  /** Fields the library does not know; empty when complete. */
  missing: string[]
  /** False for a work Quire never retrieved (named by the model). */
  verified: boolean
}

export interface CitedDocument {
  style: CitationStyle
  /** The document's markdown with in-text citations (no References section). */
  markdown: string
  references: DocumentReference[]
}

function namedOnly(key: string, source: WritingSource): ReferenceMetadata {
  return {
    id: key,
    title: cleanTitle(source.title),
    authors: source.authors ?? [],
    year: source.year ?? null,
    venue: null,
    doi: source.doi ?? null,
    url: source.url && /^https?:\/\//i.test(source.url) ? source.url : null,
    arxiv: null,
    kind: source.verified ? 'web' : 'cited',
    verified: source.verified,
  }
}

async function metadataOf(
  db: D1Database,
  works: Map<string, WritingSource>,
): Promise<ReferenceMetadata[]> {
  return Promise.all(
    [...works].map(async ([key, source]) => {
      const stored =
        source.verified && source.sourceId
          ? await readReferenceMetadata(db, source.sourceId)
          : undefined
      return stored ? { ...stored, id: key } : namedOnly(key, source)
    }),
  )
}

async function build(db: D1Database, markdown: string, pieces: PlacedPiece[]) {
  const located = locateCitations(markdown, pieces)
  return { located, metas: await metadataOf(db, located.works) }
}

export async function citeDocument(
  db: D1Database,
  options: { markdown: string; pieces: PlacedPiece[]; style: CitationStyle },
): Promise<CitedDocument> {
  const { located, metas } = await build(db, options.markdown, options.pieces)
  const { citations } = located
  if (citations.length === 0)
    return { style: options.style, markdown: options.markdown, references: [] }
  const entries = await apaReferences(metas)
  if (options.style === 'numbered') {
    // Works are numbered in order of first citation; the list follows the numbers.
    const numbers = new Map(metas.map((m, i) => [m.id, i + 1]))
    const byId = new Map(entries.map((e) => [e.id, e]))
    const markdown = annotate(options.markdown, citations, (c) =>
      c.works.map((w) => `[${numbers.get(w)}]`).join(''),
    )
    const references = metas.flatMap((m, i) => {
      const e = byId.get(m.id)
      return e
        ? [{ id: e.id, number: i + 1, apa: e.apa, missing: e.missing, verified: e.verified }]
        : []
    })
    return { style: options.style, markdown, references }
  }
  const labels = await authorYearCitations(
    metas,
    citations.map((c) => c.works),
  )
  const markdown = annotate(options.markdown, citations, (_, i) => labels[i] ?? '')
  const references = entries.map((e) => ({
    id: e.id,
    number: null,
    apa: e.apa,
    missing: e.missing,
    verified: e.verified,
  }))
  return { style: options.style, markdown, references }
}

/** One reference line as the export and the share view print it. */
export function referenceLine(ref: DocumentReference): string {
  const marks = [
    ref.verified ? '' : '*(unverified: not retrieved by Quire)*',
    ref.missing.length ? `*(metadata incomplete: no ${ref.missing.join(', ')})*` : '',
  ].filter(Boolean)
  const entry = [ref.apa, ...marks].join(' ')
  return ref.number === null ? `- ${entry}` : `${ref.number}. ${entry}`
}

/** The cited document with its References section, as Markdown. */
export function citedMarkdown(cited: CitedDocument): string {
  if (cited.references.length === 0) return cited.markdown
  const lines = cited.references.map(referenceLine).join('\n')
  return `${cited.markdown.trimEnd()}\n\n## References\n\n${lines}\n`
}

/** BibTeX of exactly the works the document's present text cites. */
export async function citedBibtex(
  db: D1Database,
  options: { markdown: string; pieces: PlacedPiece[] },
): Promise<string> {
  const { metas } = await build(db, options.markdown, options.pieces)
  return bibtexOf(metas)
}
