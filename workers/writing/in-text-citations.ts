// Where the document's placed text is, and what it cites: every sentence of approved content
// still found in the document's prose (verbatim, however it was wrapped) gets an in-text
// citation of the sources it was written from, inserted before its closing punctuation. Text
// that is not placed content, or that the user has since reworded, cites nothing. The
// markdown itself is never changed: the citations are laid over it.
import { proseSentences, workKey, type SentenceAttribution } from './provenance'
import type { WritingSource } from './sources'
import { parseBlocks } from './structure'

export interface PlacedPiece {
  content: string
  sources: WritingSource[]
  attributions: SentenceAttribution[]
}

export interface InTextCitation {
  /** Where the citation goes in the markdown (before the sentence's closing punctuation). */
  offset: number
  /** The cited works (work keys), in the order first given. */
  works: string[]
}

export interface LocatedCitations {
  citations: InTextCitation[]
  /** Every cited work, by key, in order of first citation. */
  works: Map<string, WritingSource>
}

const PROSE_BLOCKS = new Set(['paragraph', 'list', 'quote'])
const CLOSING = /[.!?]["”')\]]*$/

/** A piece's sentences with their works; content stored before attributions cites all its sources. */
function attributedSentences(piece: PlacedPiece): { text: string; works: WritingSource[] }[] {
  const byNumber = new Map(piece.sources.map((s) => [s.number, s]))
  if (piece.attributions.length === 0)
    return proseSentences(piece.content).map((text) => ({ text, works: piece.sources }))
  return piece.attributions.map((a) => ({
    text: a.text,
    works: a.sources.flatMap((n) => byNumber.get(n) ?? []),
  }))
}

function pattern(sentence: string): RegExp {
  const escaped = sentence
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(escaped.join('\\s+'), 'g')
}

export function locateCitations(markdown: string, pieces: PlacedPiece[]): LocatedCitations {
  const sentences = new Map<string, WritingSource[]>()
  for (const piece of pieces) {
    for (const { text, works } of attributedSentences(piece)) {
      if (works.length === 0) continue
      sentences.set(text, [...(sentences.get(text) ?? []), ...works])
    }
  }
  const prose = parseBlocks(markdown).filter((b) => PROSE_BLOCKS.has(b.type))
  const inProse = (at: number) => prose.some((b) => b.start <= at && at < b.end)
  const byOffset = new Map<number, WritingSource[]>()
  for (const [text, works] of sentences) {
    for (const match of markdown.matchAll(pattern(text))) {
      const start = match.index
      if (!inProse(start)) continue
      const closing = CLOSING.exec(match[0])?.[0].length ?? 0
      const offset = start + match[0].length - closing
      byOffset.set(offset, [...(byOffset.get(offset) ?? []), ...works])
    }
  }
  const citations: InTextCitation[] = []
  const cited = new Map<string, WritingSource>()
  for (const offset of [...byOffset.keys()].sort((a, b) => a - b)) {
    const works: string[] = []
    for (const source of byOffset.get(offset) ?? []) {
      const key = workKey(source)
      if (!cited.has(key)) cited.set(key, source)
      if (!works.includes(key)) works.push(key)
    }
    citations.push({ offset, works })
  }
  return { citations, works: cited }
}

/** The markdown with each citation's label inserted at its offset (" [1][2]", " (Lee, 2020)"). */
export function annotate(
  markdown: string,
  citations: InTextCitation[],
  label: (citation: InTextCitation, index: number) => string,
): string {
  let out = markdown
  for (let i = citations.length - 1; i >= 0; i -= 1) {
    const citation = citations[i] as InTextCitation
    const text = label(citation, i)
    if (text) out = `${out.slice(0, citation.offset)} ${text}${out.slice(citation.offset)}`
  }
  return out
}
