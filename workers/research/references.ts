// The report's References through the writing stack's formatting (grounding's citation-js):
// APA 7 from each cited source's stored metadata, else from its title, address and date, with
// "metadata incomplete" where fields are missing; BibTeX of the same works for export.
import {
  apaReferences,
  bibtexOf,
  cleanTitle,
  INCOMPLETE_NOTE,
  readReferenceMetadata,
  type ReferenceMetadata,
} from '../grounding'
import type { ReportReference, ReportSource } from './types'

export interface CitedWork {
  source: ReportSource
  sourceId?: string
}

async function metadataOf(db: D1Database, work: CitedWork): Promise<ReferenceMetadata> {
  const stored = work.sourceId ? await readReferenceMetadata(db, work.sourceId) : undefined
  const { source } = work
  return (
    stored ?? {
      id: work.sourceId ?? source.url,
      title: cleanTitle(source.title),
      authors: [],
      year: null,
      venue: null,
      doi: null,
      url: source.url || null,
      arxiv: null,
      kind: 'web',
      verified: true,
    }
  )
}

export async function formatReferences(
  db: D1Database,
  works: CitedWork[],
): Promise<{ references: ReportReference[]; bibtex: string }> {
  const metas = await Promise.all(works.map((work) => metadataOf(db, work)))
  // Formatted together: one engine pass, APA's disambiguation across the report's works.
  const entries = new Map((await apaReferences(metas)).map((e) => [e.id, e]))
  const references = works.map((work, i) => {
    const entry = entries.get(metas[i]?.id ?? '')
    const missing = entry?.missing ?? []
    const apa = entry?.apa || cleanTitle(work.source.title)
    return {
      number: work.source.number,
      apa: missing.length > 0 ? `${apa} (${INCOMPLETE_NOTE})` : apa,
      missing,
      url: work.source.url,
    }
  })
  return { references, bibtex: await bibtexOf(metas) }
}
