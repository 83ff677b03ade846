// Up to three follow-up questions. The model suggests them with its answer; offline they
// are built from the query's topic and the titles of the sources that were read.
import { topicPhrase } from './text-terms'
import type { RankedSource } from './types'

export const MAX_RELATED = 3

const TITLE_CHARS = 70

/** A title short enough for a question, cut at a word boundary. */
function shortTitle(title: string): string {
  const clean = title
    .replace(/\s+/g, ' ')
    .replace(/[.:;]+$/, '')
    .trim()
  if (clean.length <= TITLE_CHARS) return clean
  return `${clean.slice(0, TITLE_CHARS).replace(/[\s,;:-]+\S*$/, '')}…`
}

export function offlineRelatedQuestions(query: string, sources: RankedSource[]): string[] {
  const context = sources.flatMap((source) => [source.title, source.snippet])
  const topic = topicPhrase(query, context) || 'this topic'
  const fromTitles = sources
    .slice(0, 2)
    .map((source) => `What are the key findings of "${shortTitle(source.title)}"?`)
  const generic = [
    `What are the limitations of the evidence on ${topic}?`,
    `How has the understanding of ${topic} changed over time?`,
  ]
  return [...fromTitles, ...generic].slice(0, MAX_RELATED)
}

/** Model suggestions first (de-duplicated, never the question itself), topped up offline. */
export function relatedQuestions(
  query: string,
  fromModel: string[],
  sources: RankedSource[],
): string[] {
  const seen = new Set([query.trim().toLowerCase()])
  const out: string[] = []
  const pool = fromModel.length > 0 ? fromModel : offlineRelatedQuestions(query, sources)
  for (const question of pool) {
    const text = question.replace(/\s+/g, ' ').trim().slice(0, 300)
    const key = text.toLowerCase()
    if (!text || seen.has(key)) continue
    seen.add(key)
    out.push(text)
    if (out.length === MAX_RELATED) break
  }
  return out
}
