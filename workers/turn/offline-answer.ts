// The extractive answer used when no model is configured: the sentences of the retrieved
// documents that share the most words with the question, each cited by its document number.
import type { ContextDocument } from '../context'

export const OFFLINE_NOTE =
  '_Offline mode: no language model is configured, so this answer quotes the most relevant ' +
  'passages found in the knowledge base._'

const STOPWORDS = new Set(
  (
    'a an and are as at be by can do does for from has have how in is it its of on or that the ' +
    'this to was were what when where which who why will with about into than then there these ' +
    'they their them not no yes you your we our'
  ).split(' '),
)

function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (word) => word.length > 2 && !STOPWORDS.has(word),
  )
}

function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"(])/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 30 && s.length <= 600)
}

interface Scored {
  text: string
  document: number
  score: number
  order: number
}

function scoreSentences(query: string, docs: ContextDocument[]): Scored[] {
  const wanted = new Set(terms(query))
  let order = 0
  return docs.flatMap((doc, rank) =>
    sentences(doc.contents).map((text) => {
      const hits = new Set(terms(text).filter((word) => wanted.has(word))).size
      // Earlier-ranked documents break ties: retrieval already judged them more relevant.
      return { text, document: doc.document, score: hits - rank * 0.01, order: order++ }
    }),
  )
}

/** Up to `limit` sentences, best first, each ending with its [n]; empty when nothing matched. */
export function extractiveAnswer(query: string, docs: ContextDocument[], limit = 4): string {
  const picked = scoreSentences(query, docs)
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
  if (picked.length === 0) {
    const first = docs[0]
    const fallback = first ? sentences(first.contents)[0] : undefined
    return fallback && first ? `${fallback.replace(/[.!?]$/, '')} [${first.document}].` : ''
  }
  return picked.map((s) => `- ${s.text.replace(/[.!?]$/, '')} [${s.document}].`).join('\n')
}
