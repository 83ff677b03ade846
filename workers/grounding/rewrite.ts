// Conversational query rewriting: a follow-up ("what about in women?") becomes a standalone
// search query using the conversation. Offline this is deterministic; with a model, the
// planning call does it (see the answer engine and the turn engine).
import { contentTerms } from './terms'

export interface ConversationTurn {
  role: 'user' | 'assistant'
  content: string
}

const MAX_CARRIED_TERMS = 6

/**
 * The follow-up's own words first, then salient terms of the previous questions that it does
 * not repeat. A question with no history comes back unchanged.
 */
export function rewriteFollowUp(question: string, history: ConversationTurn[]): string {
  const previous = history.filter((t) => t.role === 'user').map((t) => t.content)
  if (previous.length === 0) return question
  const own = new Set(contentTerms(question))
  const carried: string[] = []
  for (const text of previous.reverse()) {
    for (const word of text.match(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu) ?? []) {
      const [term] = contentTerms(word)
      if (!term || own.has(term) || carried.some((c) => contentTerms(c)[0] === term)) continue
      carried.push(word)
      if (carried.length >= MAX_CARRIED_TERMS) break
    }
    if (carried.length >= MAX_CARRIED_TERMS) break
  }
  return carried.length ? `${question} ${carried.join(' ')}` : question
}
