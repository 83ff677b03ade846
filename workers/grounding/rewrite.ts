// Conversational query rewriting: a follow-up ("what about in women?") becomes a standalone
// search query using the conversation. Offline this is deterministic: the follow-up's own
// words, then a few salient terms of the previous questions and of the sources just cited.
// With a model, the planning call does it (see the answer engine and the turn engine).
import type { TermStatistics } from './relevance'
import { idf } from './relevance'
import { contentTerms, termOf, wordsOf } from './terms'
import { CARRIED_WITH_OWN_TERMS, FOLLOW_UP_MAX_TERMS, MAX_CARRIED_TERMS } from './tuning'

export interface ConversationTurn {
  role: 'user' | 'assistant'
  content: string
}

export interface RewriteContext {
  /** Titles (or short texts) of the sources the last answer cited. */
  cited?: string[]
  /** Corpus statistics: rare carried terms are preferred over common ones. */
  stats?: TermStatistics
}

/** Openings and pronouns that lean on what was said before. */
const LEANS_ON_CONTEXT =
  /^(and|but|so|also|or|then|what about|how about|what if|why|how come|is that|is it|is this|are they|are those|does it|does that|does this|do they|did they|was it|was that|were they|same)\b|\b(it|its|this|that|these|those|they|them|their|such|same|the (study|trial|paper|review|finding|findings|effect|result|results))\b/i

/** True when the question reads as a continuation of the conversation, not a new topic. */
export function isFollowUp(question: string): boolean {
  return (
    LEANS_ON_CONTEXT.test(question.trim()) || contentTerms(question).length <= FOLLOW_UP_MAX_TERMS
  )
}

interface Candidate {
  word: string
  weight: number
}

/** Salient words of the context, keyed by term: recent questions weigh most, then citations. */
function candidates(previous: string[], cited: string[]): Map<string, Candidate> {
  const out = new Map<string, Candidate>()
  const add = (text: string, weight: number) => {
    const seen = new Set<string>()
    for (const word of wordsOf(text)) {
      const term = termOf(word)
      if (!term || seen.has(term)) continue
      seen.add(term)
      const entry = out.get(term)
      if (entry) entry.weight += weight
      else out.set(term, { word, weight })
    }
  }
  previous.forEach((text, age) => add(text, 1 / (age + 1)))
  for (const title of cited) add(title, 0.5 / Math.max(1, cited.length / 2))
  return out
}

/**
 * The follow-up's own words first, then the most salient context terms it does not repeat
 * (fewer when it has words of its own, so they outweigh the carried ones). A question with
 * no history, or one that starts a new topic, comes back unchanged.
 */
export function rewriteFollowUp(
  question: string,
  history: ConversationTurn[],
  context: RewriteContext = {},
): string {
  const previous = history
    .filter((t) => t.role === 'user')
    .map((t) => t.content)
    .reverse()
  if (previous.length === 0 || !isFollowUp(question)) return question
  const own = new Set(contentTerms(question))
  const limit = own.size > 0 ? CARRIED_WITH_OWN_TERMS : MAX_CARRIED_TERMS
  const stats = context.stats
  // Without statistics a word's length stands in for its rarity ("supplementation" > "risk").
  const rarity = (term: string) =>
    stats
      ? idf(stats.documentFrequency(term), Math.max(1, stats.documents))
      : Math.min(1, term.length / 8)
  const carried = [...candidates(previous, context.cited ?? [])]
    .filter(([term]) => !own.has(term))
    .map(([term, c]) => ({ word: c.word, score: c.weight * rarity(term) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((c) => c.word)
  return carried.length ? `${question} ${carried.join(' ')}` : question
}
