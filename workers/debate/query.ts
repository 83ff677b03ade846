// The turn query (seed 002 §3): the question, sharpened by the previous scientist's reply —
// its most frequent topic words (by stem, shown as written), without citation markers, code
// ending lines or Quire's label of an extractive turn — and kept short enough for the arXiv
// and Crossref search boxes.
import { contentTerms, stripCitationMarkers, termOf, wordsOf } from '../grounding'
import { EXTRACTIVE_LABEL, OFFLINE_CONCLUSION } from './offline-label'

const MAX_QUERY_CHARS = 300
const EXTRA_WORDS = 6
const ENDING =
  /^\s*[*_]*\s*(agreement|viability|validation|answer|conclusion|verification reason)\b.*$/gim

function replyText(text: string): string {
  // Quire's own label of an extractive turn is not the scientist's topic.
  return stripCitationMarkers(text.replace(EXTRACTIVE_LABEL, ' ').replace(OFFLINE_CONCLUSION, ' '))
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(ENDING, ' ')
}

/** The previous reply's most frequent topic words not already in the question. */
function sharpeningWords(question: string, previous: string): string[] {
  const seen = new Set(contentTerms(question))
  const byTerm = new Map<string, { word: string; count: number }>()
  for (const word of wordsOf(replyText(previous))) {
    const term = termOf(word)
    if (!term || term.length < 4 || seen.has(term) || /\d/.test(term)) continue
    const entry = byTerm.get(term) ?? { word: word.toLowerCase(), count: 0 }
    entry.count += 1
    byTerm.set(term, entry)
  }
  return [...byTerm.values()]
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word))
    .slice(0, EXTRA_WORDS)
    .map((entry) => entry.word)
}

export function buildTurnQuery(question: string, previous: string | null): string {
  const base = question.replace(/\s+/g, ' ').trim()
  const extra = previous ? sharpeningWords(base, previous) : []
  return [base, ...extra].join(' ').slice(0, MAX_QUERY_CHARS).trim()
}
