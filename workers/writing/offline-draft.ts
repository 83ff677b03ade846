// Stage 1 without a model: content drafted extractively from the knowledge base — whole
// sentences from the retrieved passages (the grounding core's offline writer), with those
// passages as its sources — labelled offline, so the flow works on a fresh machine.
import { writeOfflineAnswer } from '../grounding'
import type { RetrievedChunk } from '../retrieval'
import type { Stage1Output } from './schemas'

export const OFFLINE_LABEL =
  'Offline mode: no language model is configured, so this draft quotes the most relevant passages of the knowledge base.'

/** The label of a draft made without the model because the model call failed. */
export function degradedLabel(reason: string): string {
  return `Degraded: the model could not write this (${reason}), so this draft quotes the most relevant passages of the knowledge base instead.`
}

export interface OfflineDraft {
  output: Stage1Output
  /** Retrieved chunks the draft quotes, in citation order. */
  used: RetrievedChunk[]
}

export function offlineDraft(
  request: string,
  evidence: RetrievedChunk[],
  options: { mode: 'write' | 'research'; pending?: string; label?: string },
): OfflineDraft {
  const label = options.label ?? OFFLINE_LABEL
  const sentences = writeOfflineAnswer(
    request,
    evidence.map((c, i) => ({ number: i + 1, title: c.title, text: c.content })),
    { maxSentences: 4, maxPerSource: 2 },
  )
  const used = [...new Set(sentences.map((s) => s.number))].map(
    (n) => evidence[n - 1] as RetrievedChunk,
  )
  const empty = { document_structure: [], new_types: [] }
  if (sentences.length === 0) {
    const message = `${label}\n\nThe knowledge base has nothing on this request, so there is no draft.`
    return {
      output: { ...empty, message, document_content: options.pending ?? '', sources: [] },
      used: [],
    }
  }
  const prose = sentences.map((s) => s.text).join(' ')
  if (options.mode === 'research') {
    const bullets = sentences.map((s) => `- ${s.text}`).join('\n')
    return {
      output: {
        ...empty,
        message: `${label}\n\n${bullets}`,
        document_content: '',
        sources: used.map((c) => c.title),
      },
      used,
    }
  }
  // A revision offline cannot rewrite: it keeps the pending content and adds the new passage.
  const content = options.pending ? `${options.pending.trim()}\n\n${prose}` : prose
  // Several passages may come from one work: the count names works, as the source list does.
  const works = new Set(used.map((c) => c.title)).size
  const message = `${label}\n\nI drafted a paragraph from ${works} source${works === 1 ? '' : 's'} in the knowledge base; approve it to place it in your document.`
  return {
    output: { ...empty, message, document_content: content, sources: used.map((c) => c.title) },
    used,
  }
}
