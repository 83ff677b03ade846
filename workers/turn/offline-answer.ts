// The extractive answer used when no model is configured: the grounding core's writer over
// the turn's numbered documents, one cited finding per line.
import type { ContextDocument } from '../context'
import { writeOfflineAnswer, type TermStatistics } from '../grounding'

export const OFFLINE_NOTE =
  '_Offline mode: no language model is configured, so this answer quotes the most relevant ' +
  'passages found in the knowledge base._'

/** The note of an answer written without the model because the model failed this turn. */
export function modelFailedNote(reason: string): string {
  return `_Degraded: the model failed (${reason}), so this answer quotes the most relevant passages found in the knowledge base._`
}

/** Either note as it opens an extractive answer: Quire's words, not the conversation's. */
export const EXTRACTIVE_NOTE =
  /^_(?:Offline mode|Degraded): [^\n]*?so this answer quotes the most relevant passages found in the knowledge base\._$/gm

/** Up to `limit` sentences, best first, each ending with its [n]; empty when nothing matched. */
export function extractiveAnswer(
  query: string,
  docs: ContextDocument[],
  limit = 4,
  stats?: TermStatistics,
): string {
  const passages = docs.map((d) => ({ number: d.document, title: d.title, text: d.contents }))
  return writeOfflineAnswer(query, passages, { maxSentences: limit, stats })
    .map((s) => `- ${s.text.replace(/[.!?]$/, '')} [${s.number}].`)
    .join('\n')
}
