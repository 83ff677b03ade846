// The offline answer: sentences lifted from the ranked sources, each followed by the
// number of the source it came from, so every sentence is traceable by construction.
import { contentTerms, splitSentences } from './text-terms'
import type { RankedSource } from './types'

const MAX_SENTENCES = 4
const MAX_PER_SOURCE = 2
const MIN_CHARS = 30
const MAX_CHARS = 400

interface Candidate {
  rank: number
  position: number
  text: string
  overlap: number
  score: number
}

/** Section labels of structured abstracts ("BACKGROUND Calcium ...") are not part of a claim. */
const ABSTRACT_HEADING =
  /^(?:BACKGROUND|CONTEXT|INTRODUCTION|OBJECTIVES?|AIMS?|PURPOSE|IMPORTANCE|RATIONALE|DESIGN|SETTING|PARTICIPANTS|PATIENTS|INTERVENTIONS?|EXPOSURES?|MEASUREMENTS|MAIN OUTCOME MEASURES?|METHODS?(?: AND RESULTS)?|RESULTS|FINDINGS|INTERPRETATION|CONCLUSIONS?|SUMMARY|SIGNIFICANCE)[:.]?\s+/

/** Reference markers inside source text ("[12]") would read as our citations: drop them. */
function cleanSentence(sentence: string): string {
  return sentence
    .replace(ABSTRACT_HEADING, '')
    .replace(/\[\s*\d+(?:\s*[,–-]\s*\d+)*\s*\]/g, '')
    .replace(/\[\[/g, '[')
    .replace(/\s{2,}/g, ' ')
    .trim()
}

function candidates(query: string, sources: RankedSource[]): Candidate[] {
  const wanted = new Set(contentTerms(query))
  return sources.flatMap((source) =>
    splitSentences(source.snippet)
      .map(cleanSentence)
      .map((text, position) => {
        const terms = new Set(contentTerms(text))
        const overlap = [...wanted].filter((t) => terms.has(t)).length
        // Earlier sentences and better-ranked sources win ties.
        const score = overlap - position * 0.05 - source.rank * 0.01
        return { rank: source.rank, position, text, overlap, score }
      })
      .filter((c) => c.text.length >= MIN_CHARS && c.text.length <= MAX_CHARS),
  )
}

function choose(all: Candidate[]): Candidate[] {
  // Sentences sharing words with the question, if there are any; else the sources' openings.
  const pool = all.some((c) => c.overlap > 0) ? all.filter((c) => c.overlap > 0) : all
  const perSource = new Map<number, number>()
  const chosen: Candidate[] = []
  for (const candidate of pool.sort((a, b) => b.score - a.score)) {
    const used = perSource.get(candidate.rank) ?? 0
    if (used >= MAX_PER_SOURCE) continue
    perSource.set(candidate.rank, used + 1)
    chosen.push(candidate)
    if (chosen.length === MAX_SENTENCES) break
  }
  return chosen.sort((a, b) => a.rank - b.rank || a.position - b.position)
}

/**
 * Pieces of the answer in order (one per sentence, with its [rank] marker and spacing),
 * so a caller can stream them. Sentences of one source share a paragraph.
 */
export function extractiveAnswer(query: string, sources: RankedSource[]): string[] {
  const chosen = choose(candidates(query, sources))
  if (chosen.length === 0 && sources[0]) {
    const first = sources[0]
    return [`${first.title}: ${cleanSentence(first.snippet).slice(0, MAX_CHARS)} [${first.rank}]`]
  }
  return chosen.map((c, i) => {
    const previous = chosen[i - 1]
    const gap = !previous ? '' : previous.rank === c.rank ? ' ' : '\n\n'
    return `${gap}${c.text} [${c.rank}]`
  })
}
