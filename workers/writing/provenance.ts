// Where generated text came from, sentence by sentence: each sentence of pending content keeps
// the numbers of the sources (of that content's source list) it was written from. The offline
// draft knows this as it writes; a model's content is traced by Quire — each sentence to the
// retrieved passages that hold most of its words, else to the sources the model named.
import { coverageScores, splitSentences, termWeights, type TermStatistics } from '../grounding'
import type { RetrievedChunk } from '../retrieval'
import { parseBlocks } from './structure'
import type { WritingSource } from './sources'

/** A sentence of generated content and the sources (by number) it came from. */
export interface SentenceAttribution {
  text: string
  sources: number[]
}

/** As the offline draft writes it: sources by id, numbered once the list is grounded. */
export interface SentenceSources {
  text: string
  sourceIds: string[]
}

/** A sentence is traced to a passage holding at least this share of its term weight. */
const MIN_SUPPORT = 0.5
/** Blocks whose sentences can carry citations (not headings, code, rules or tables). */
const PROSE_BLOCKS = new Set(['paragraph', 'list', 'quote'])

/** The prose sentences of markdown content, as the document will hold them. */
export function proseSentences(content: string): string[] {
  return parseBlocks(content)
    .filter((b) => PROSE_BLOCKS.has(b.type))
    .flatMap((b) =>
      b.text
        .split('\n')
        .map((line) => line.replace(/^\s*(?:[-*+]|\d+[.)]|>)\s+/, ''))
        .flatMap((line) => splitSentences(line)),
    )
    .filter((s) => /[\p{L}\p{N}]/u.test(s))
}

export function numberAttributions(
  attributions: SentenceSources[],
  sources: WritingSource[],
): SentenceAttribution[] {
  return attributions.map((a) => ({
    text: a.text,
    sources: a.sourceIds.flatMap((id) => {
      const source = sources.find((s) => s.sourceId === id)
      return source ? [source.number] : []
    }),
  }))
}

/**
 * A model's content traced to its sources: each sentence to the verified sources whose passage
 * supports it, else to every source the model named; a named source no sentence was traced to
 * is given to the sentence it supports best, so every listed source is cited somewhere.
 */
export function traceModelContent(
  content: string,
  sources: WritingSource[],
  evidence: RetrievedChunk[],
  stats?: TermStatistics,
): SentenceAttribution[] {
  const sentences = proseSentences(content)
  if (sentences.length === 0 || sources.length === 0) return []
  const passages = sources.map((s) => {
    const chunk = s.verified ? evidence.find((c) => c.sourceId === s.sourceId) : undefined
    return { title: chunk?.title ?? '', text: chunk?.content ?? '' }
  })
  const scores = sentences.map((s) => coverageScores(termWeights(s, stats), passages))
  const traced = sentences.map((text, i) => {
    const supported = sources.filter((_, j) => (scores[i]?.[j] ?? 0) >= MIN_SUPPORT)
    const chosen = supported.length > 0 ? supported : sources
    return { text, sources: chosen.map((s) => s.number) }
  })
  sources.forEach((source, j) => {
    if (traced.some((t) => t.sources.includes(source.number))) return
    const best = scores.reduce((at, row, i) => ((row[j] ?? 0) > (scores[at]?.[j] ?? 0) ? i : at), 0)
    traced[best]?.sources.push(source.number)
  })
  return traced
}

/** One work, however it was named: its source id, else its URL, else its title. */
export function workKey(source: Pick<WritingSource, 'sourceId' | 'url' | 'title'>): string {
  return source.sourceId ?? source.url ?? `title:${source.title.trim().toLowerCase()}`
}

interface Traced {
  sources: WritingSource[]
  attributions: SentenceAttribution[]
}

/**
 * A revision's sources and attributions: the new ones, plus each earlier sentence the revised
 * content still holds with its earlier sources; sources renumbered 1..n in that order.
 */
export function keepRevised(previous: Traced, next: Traced, content: string): Traced {
  const flat = content.replace(/\s+/g, ' ')
  const kept = previous.attributions.filter((a) => flat.includes(a.text.replace(/\s+/g, ' ')))
  const order: WritingSource[] = []
  const numberOf = (source: WritingSource): number => {
    const key = workKey(source)
    let at = order.findIndex((s) => workKey(s) === key)
    if (at < 0) at = order.push({ ...source, number: order.length + 1 }) - 1
    return at + 1
  }
  const remap = (list: WritingSource[], a: SentenceAttribution) =>
    a.sources.flatMap((n) => {
      const source = list.find((s) => s.number === n)
      return source ? [numberOf(source)] : []
    })
  next.sources.forEach(numberOf)
  const byText = new Map<string, Set<number>>()
  for (const [list, items] of [
    [next.sources, next.attributions],
    [previous.sources, kept],
  ] as const) {
    for (const a of items) {
      const set = byText.get(a.text) ?? new Set<number>()
      for (const n of remap(list, a)) set.add(n)
      byText.set(a.text, set)
    }
  }
  return {
    sources: order,
    attributions: [...byText].map(([text, set]) => ({
      text,
      sources: [...set].sort((a, b) => a - b),
    })),
  }
}
