// The floor under a model's relevance judgement: with a model configured, word statistics only
// veto the evidence when none of the question's content words occurs in any passage at all.
import type { EvidencePassage } from './relevance'
import { contentTerms } from './terms'

/** True when some passage (title or text) holds at least one of the query's content terms. */
export function anythingMatches(query: string, passages: readonly EvidencePassage[]): boolean {
  const wanted = new Set(contentTerms(query))
  if (wanted.size === 0) return false
  return passages.some((passage) =>
    contentTerms(`${passage.title} ${passage.text}`).some((term) => wanted.has(term)),
  )
}
