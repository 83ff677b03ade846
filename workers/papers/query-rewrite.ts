// The search rewrite of Paper Brain, offline: a query that looks like a paper's title is
// searched verbatim in arXiv's title field, in quotes; anything else becomes its keywords
// (stop words and question words dropped, order kept, at most eight). A request ("find two
// papers on X and load them") is searched by its topic (request-topic.ts), not its framing.
import { QUERY_STOP_WORDS } from '../grounding'
import { requestTopic } from './request-topic'

export interface RewrittenQuery {
  /** What goes to arXiv (free text or arXiv field syntax). */
  arxivQuery: string
  kind: 'title' | 'keywords'
}

const QUESTION_START =
  /^(what|how|why|which|who|when|where|is|are|does|do|can|could|should|find|show|list|give|papers?|recent|search|compare|explain|summari[sz]e)\b/i
const MAX_KEYWORDS = 8

function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.+-]*/gu) ?? []
}

/**
 * Titles are short statements, not questions: either quoted, or with a subtitle colon, or
 * mostly capitalised content words ("Attention Is All You Need").
 */
export function looksLikeTitle(query: string): boolean {
  const text = query.trim()
  if (/^["“].+["”]$/.test(text)) return true
  if (text.endsWith('?') || QUESTION_START.test(text)) return false
  const words = wordsOf(text)
  if (words.length < 3 || words.length > 25) return false
  if (/^[^:]{2,60}:\s+\S/.test(text)) return true
  const content = words.filter((w) => !QUERY_STOP_WORDS.has(w.toLowerCase()))
  if (content.length < 2) return false
  const capitalised = content.filter((w) => /^[\p{Lu}\p{N}]/u.test(w)).length
  return capitalised / content.length >= 0.75
}

export function keywordsOf(query: string): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const word of wordsOf(query)) {
    const lower = word.toLowerCase().replace(/[.'’]+$/, '')
    if (lower.length < 2 || QUERY_STOP_WORDS.has(lower) || seen.has(lower)) continue
    if (QUESTION_START.test(lower) && out.length === 0) continue
    seen.add(lower)
    out.push(lower)
    if (out.length >= MAX_KEYWORDS) break
  }
  return out
}

function titleQuery(text: string): RewrittenQuery {
  const title = text
    .replace(/^["“]|["”]$/g, '')
    .replace(/["“”]/g, '')
    .trim()
  return { arxivQuery: `ti:"${title}"`, kind: 'title' }
}

export function rewriteForArxiv(query: string): RewrittenQuery {
  const text = query.trim()
  if (looksLikeTitle(text)) return titleQuery(text)
  const topic = requestTopic(text)
  // Only a quoted title inside a request is searched verbatim: "find papers on Graph Neural
  // Networks" names a topic in capitals, not a title.
  if (topic !== text && /^["“].+["”]$/.test(topic)) return titleQuery(topic)
  const keywords = keywordsOf(topic)
  return { arxivQuery: keywords.length > 0 ? keywords.join(' ') : text, kind: 'keywords' }
}
