// Builds a safe FTS5 MATCH expression from user text: every term is a quoted string joined
// by OR, so quotes, operators (AND, NOT, NEAR, *, ^, :) and column filters in the input are
// only ever words, and no input can raise an FTS5 syntax error.
import { isStopWord, wordTokens } from '../../grounding'

/** Long queries add little beyond their first terms and make every lookup slower. */
export const MAX_QUERY_TERMS = 48

/** Distinct search terms of `text` in order; stop words only when nothing else is left. */
export function queryTerms(text: string, max = MAX_QUERY_TERMS): string[] {
  const tokens = [...new Set(wordTokens(text))]
  const content = tokens.filter((t) => !isStopWord(t))
  return (content.length > 0 ? content : tokens).slice(0, max)
}

/** `"a" OR "b" ...`, or null when the text has no searchable term. */
export function toFtsQuery(text: string, max = MAX_QUERY_TERMS): string | null {
  const terms = queryTerms(text, max)
  if (terms.length === 0) return null
  // Tokens hold only letters and digits, so no term can contain a double quote.
  return terms.map((t) => `"${t}"`).join(' OR ')
}
