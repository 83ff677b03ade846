// The floor under a model's relevance judgement: with a model configured, word statistics only
// veto the evidence when none of the question's content words occurs in any passage at all.
import { judgeRelevance, type EvidencePassage, type RelevanceJudgement } from './relevance'
import type { TermStatistics } from './term-weights'
import { contentTerms } from './terms'

/** Per passage (title and text): 1 when it holds one of the query's content terms, else 0. */
function wordMatches(query: string, passages: readonly EvidencePassage[]): number[] {
  const wanted = new Set(contentTerms(query))
  return passages.map((p) =>
    contentTerms(`${p.title} ${p.text}`).some((term) => wanted.has(term)) ? 1 : 0,
  )
}

/** True when some passage (title or text) holds at least one of the query's content terms. */
export function anythingMatches(query: string, passages: readonly EvidencePassage[]): boolean {
  return wordMatches(query, passages).some((match) => match > 0)
}

/** Why a model is given nothing: no passage, or none holding a word of the question. */
export const NOTHING_FOUND = 'nothing was found for this question'
export const NOTHING_MENTIONED = 'no source found mentions what the question asks about'

/**
 * Which passages go on, for a reader: a model reads them all and judges them itself (it may
 * decline), so word statistics only withhold them when no passage holds a word of the
 * question; with no model, the lexical judgement decides (judgeRelevance).
 */
export function judgeForReader(
  query: string,
  passages: EvidencePassage[],
  stats: TermStatistics | undefined,
  modelReads: boolean,
): RelevanceJudgement {
  if (!modelReads) return judgeRelevance(query, passages, stats)
  const scores = wordMatches(query, passages)
  if (scores.some((s) => s > 0))
    return { relevant: passages.map((_, i) => i), scores, abstain: false }
  const reason = passages.length === 0 ? NOTHING_FOUND : NOTHING_MENTIONED
  return { relevant: [], scores, abstain: true, reason }
}
