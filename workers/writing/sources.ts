// Grounding the sources of generated content: every source the model names (in `sources` or
// moved out of the prose) is matched against what Quire retrieved for this request — by the
// passage's number, URL, DOI, arXiv id or title. A match carries the retrieved source's
// fields and is verified; a source Quire never retrieved is kept, marked unverified, so
// nothing unchecked looks checked.
import { contentTerms, domainOf, sourceRefOf } from '../grounding'
import type { RetrievedChunk } from '../retrieval'
import type { SourceRef } from '../stream'

export type WritingSource = SourceRef & {
  verified: boolean
  /** What the model wrote, when the source came from the model. */
  cited?: string
  doi?: string
  authors?: string[]
  year?: number | null
}

const TITLE_OVERLAP = 0.6

function normaliseUrl(url: string): string {
  return url
    .toLowerCase()
    .replace(/^https?:\/\/(www\.)?/, '')
    .replace(/[/#?]+$/, '')
}

function idsOf(text: string): { doi?: string; arxiv?: string; url?: string } {
  const doi = /10\.\d{4,9}\/[^\s)\];,"']+/i
    .exec(text)?.[0]
    ?.replace(/[.,;]+$/, '')
    .toLowerCase()
  const arxiv = /(?:arxiv[:/]\s*|abs\/)(\d{4}\.\d{4,5})/i.exec(text)?.[1]
  const url = /https?:\/\/\S+/.exec(text)?.[0]
  return { doi, arxiv, url }
}

function titleOverlap(a: string, b: string): number {
  const x = new Set(contentTerms(a))
  const y = new Set(contentTerms(b))
  if (x.size === 0 || y.size === 0) return 0
  let shared = 0
  for (const t of x) if (y.has(t)) shared += 1
  return shared / Math.min(x.size, y.size)
}

function matches(cited: string, chunk: RetrievedChunk): boolean {
  const ids = idsOf(cited)
  if (ids.doi && chunk.doi && ids.doi === chunk.doi.toLowerCase()) return true
  if (ids.arxiv && chunk.paperKey.includes(ids.arxiv)) return true
  if (ids.url && chunk.url && normaliseUrl(ids.url) === normaliseUrl(chunk.url)) return true
  return !ids.url && !ids.doi && titleOverlap(cited, chunk.title) >= TITLE_OVERLAP
}

export function retrievedSource(chunk: RetrievedChunk, number: number): WritingSource {
  const ref = sourceRefOf(
    {
      title: chunk.title,
      url: chunk.url ?? undefined,
      domain: chunk.url ? domainOf(chunk.url) : undefined,
      snippet: chunk.content.slice(0, 240),
      sourceId: chunk.sourceId,
      chunkId: chunk.chunkId,
    },
    number,
  )
  return {
    ...ref,
    verified: true,
    ...(chunk.doi ? { doi: chunk.doi } : {}),
    authors: chunk.authors,
    year: chunk.year,
  }
}

function citedText(raw: unknown): string {
  if (typeof raw === 'string') return raw.trim()
  if (raw && typeof raw === 'object') {
    const o = raw as Record<string, unknown>
    return [o.title, o.url, o.doi]
      .filter((v) => typeof v === 'string')
      .join(' ')
      .trim()
  }
  return ''
}

/** One numbered, de-duplicated list: retrieved matches verified, the rest unverified. */
export function groundSources(named: unknown[], retrieved: RetrievedChunk[]): WritingSource[] {
  const out: WritingSource[] = []
  const usedChunks = new Set<string>()
  for (const raw of named) {
    const cited = citedText(raw).slice(0, 500)
    if (!cited) continue
    // "[2]" (or "2") names the second passage the prompt numbered.
    const number = /^\[?\s*(\d{1,3})\s*\]?$/.exec(cited)?.[1]
    const hit = number
      ? retrieved[Number(number) - 1]
      : retrieved.find((chunk) => matches(cited, chunk))
    if (number && !hit) continue
    const key = hit ? hit.sourceId : cited.toLowerCase()
    if (usedChunks.has(key)) continue
    usedChunks.add(key)
    if (hit) {
      out.push({ ...retrievedSource(hit, out.length + 1), cited })
      continue
    }
    const ids = idsOf(cited)
    out.push({
      number: out.length + 1,
      title: cited,
      ...(ids.url ? { url: ids.url, domain: domainOf(ids.url) } : {}),
      ...(ids.doi ? { doi: ids.doi } : {}),
      verified: false,
      cited,
    })
  }
  return out
}
