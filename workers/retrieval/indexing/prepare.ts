// Turns an IndexRequest into rows-to-be: the source, its documents (hashed with their
// namespace, so the same text can live in two namespaces), one section per page and the
// page's chunks, each hashed. Pure apart from hashing; nothing touches the database here.
import { createPace } from '../../yield'
import { CHUNK_STEPS_PER_SLICE, chunkTextSliced } from '../chunker'
import type { ChunkPreset, IndexRequest, SourceInput } from '../indexer-types'
import { LIBRARY_NAMESPACE, isSharedNamespace } from '../../namespaces'
import { randomId, sha256Hex, stableId } from './hash'

export const DEFAULT_PRESET: ChunkPreset = 'papers'

export interface PreparedChunk {
  ordinal: number
  sectionOrdinal: number
  page: number | null
  text: string
  tokens: number
  hash: string
}

export interface PreparedSection {
  ordinal: number
  heading: string | null
  page: number | null
}

export interface PreparedDocument {
  title: string
  hash: string
  sections: PreparedSection[]
  chunks: PreparedChunk[]
}

export interface PreparedRequest {
  source: SourceInput
  sourceId: string
  namespace: string
  documents: PreparedDocument[]
}

/** Paper identity for paper-aware MMR: arXiv id without version, else DOI, else the source. */
export function paperKeyOf(source: SourceInput, sourceId: string): string {
  if (source.kind === 'arxiv') return `arxiv:${source.externalId.replace(/v\d+$/, '')}`
  if (source.doi) return `doi:${source.doi.trim().toLowerCase()}`
  return sourceId
}

async function prepareDocument(
  pages: { page: number | null; heading?: string | null; text: string }[],
  meta: { title: string; namespace: string; preset: ChunkPreset },
): Promise<PreparedDocument | null> {
  const kept = pages.filter((p) => p.text.trim().length > 0)
  if (kept.length === 0) return null
  const body = kept
    .map((p) => `${p.page ?? ''}\u0001${p.heading ?? ''}\u0001${p.text}`)
    .join('\u0002')
  const hash = await sha256Hex(`${meta.namespace}\u0000${body}`)
  const sections: PreparedSection[] = []
  const chunks: PreparedChunk[] = []
  const seen = new Set<string>()
  // One pace for the whole document: a PDF's pages or a text's sections are small apiece.
  const pace = createPace(CHUNK_STEPS_PER_SLICE)
  for (const [sectionOrdinal, page] of kept.entries()) {
    sections.push({ ordinal: sectionOrdinal, heading: page.heading ?? null, page: page.page })
    for (const chunk of await chunkTextSliced(page.text, meta.preset, pace)) {
      const chunkHash = await sha256Hex(chunk.text)
      if (seen.has(chunkHash)) continue
      seen.add(chunkHash)
      const { text, tokens } = chunk
      chunks.push({
        ordinal: chunks.length,
        sectionOrdinal,
        page: page.page,
        text,
        tokens,
        hash: chunkHash,
      })
    }
  }
  return { title: meta.title, hash, sections, chunks }
}

/**
 * A source row belongs to one namespace, so a session's copy never rewrites the library's
 * metadata. Library ids keep their original form (citations and share pages hold them);
 * other shared namespaces put their name in the id. A private namespace's id is random: from
 * a session id and a PDF's hash nobody can tell whether that session loaded that PDF. The
 * id is only the row's first name: a source already stored under (namespace, kind,
 * external id) keeps its id (the indexer looks it up), so re-ingesting still updates it.
 */
async function sourceIdOf(source: SourceInput, namespace: string): Promise<string> {
  if (namespace === LIBRARY_NAMESPACE) return stableId('src', source.kind, source.externalId)
  if (isSharedNamespace(namespace))
    return stableId('src', namespace, source.kind, source.externalId)
  return randomId('src')
}

export async function prepareRequest(request: IndexRequest): Promise<PreparedRequest> {
  const { namespace } = request
  const preset = request.preset ?? DEFAULT_PRESET
  const sourceId = await sourceIdOf(request.source, namespace)
  const documents: PreparedDocument[] = []
  for (const doc of request.documents) {
    const title = doc.title?.trim() || request.source.title
    const prepared = await prepareDocument(doc.pages, { title, namespace, preset })
    if (prepared) documents.push(prepared)
  }
  return { source: request.source, sourceId, namespace, documents }
}
