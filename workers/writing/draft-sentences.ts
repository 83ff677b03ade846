// The sentences of an offline draft: the grounding core's offline writer picks whole sentences
// of the judged passages that address the topic; a document can only take those that stand
// on their own (no section-label residue, nothing leaning on the sentence before) and speak
// in the third person — a first-person finding is attributed to its authors ("Smith et al.
// found …", "One study found …"). Each keeps the source it came from.
import {
  attributeSentence,
  attributionOf,
  contentTerms,
  hasLabelResidue,
  leansOnContext,
  writeOfflineAnswer,
  type TermStatistics,
} from '../grounding'
import type { RetrievedChunk } from '../retrieval'

export interface DraftSentence {
  text: string
  /** The passage the sentence comes from. */
  chunk: RetrievedChunk
}

export interface DraftOptions {
  stats?: TermStatistics
  max: number
  perSource: number
  /** Sentences already written (pending or rejected content): not offered again. */
  exclude?: string
}

/** Candidates asked of the writer per sentence kept: some will not stand alone. */
const OVERSAMPLE = 3

function sameText(a: string, b: string): boolean {
  return contentTerms(a).join(' ') === contentTerms(b).join(' ')
}

export function draftSentences(
  topic: string,
  passages: RetrievedChunk[],
  options: DraftOptions,
): DraftSentence[] {
  const written = writeOfflineAnswer(
    topic,
    passages.map((chunk, i) => ({ number: i + 1, title: chunk.title, text: chunk.content })),
    {
      ...(options.stats ? { stats: options.stats } : {}),
      maxSentences: options.max * OVERSAMPLE,
      maxPerSource: options.perSource * OVERSAMPLE,
    },
  )
  const excluded = options.exclude ?? ''
  const perSource = new Map<string, number>()
  const out: DraftSentence[] = []
  for (const sentence of written) {
    const chunk = passages[sentence.number - 1]
    if (!chunk || hasLabelResidue(sentence.text) || leansOnContext(sentence.text)) continue
    const text = attributeSentence(sentence.text, attributionOf(chunk.authors))
    if (!text || excluded.includes(text) || out.some((s) => sameText(s.text, text))) continue
    const used = perSource.get(chunk.sourceId) ?? 0
    if (used >= options.perSource) continue
    perSource.set(chunk.sourceId, used + 1)
    out.push({ text, chunk })
    if (out.length === options.max) break
  }
  return out
}
