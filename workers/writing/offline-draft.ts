// Stage 1 without a model: content drafted from the judged evidence — whole sentences that
// stand on their own, first person attributed to the authors, each tied to the source it
// came from — labelled offline, so the flow works on a fresh machine. When no sentence of the
// evidence can be used, there is no draft: the request is declined like an unsupported one.
import { OFFLINE_DECLINE_REASON, type OfflineDeclineCause } from './decline'
import type { Stage1Output } from './schemas'
import { draftSentences } from './draft-sentences'
import type { JudgedEvidence } from './evidence'
import type { SentenceSources } from './provenance'

export const OFFLINE_LABEL =
  'Offline mode: no language model is configured, so drafts are built from sentences of the most relevant passages in the knowledge base.'

/** The label of a reply made without the model because the model call failed. */
export function degradedLabel(reason: string): string {
  return `Degraded: the model could not write this (${reason}), so drafts are built from sentences of the most relevant passages in the knowledge base instead.`
}

export type OfflineDraft =
  | { kind: 'draft'; output: Stage1Output; attributions: SentenceSources[] }
  | { kind: 'declined'; reason: string; cause: OfflineDeclineCause }

const MAX_SENTENCES = 4
const MAX_PER_SOURCE = 2

export function offlineDraft(
  evidence: JudgedEvidence,
  options: { mode: 'write' | 'research'; pending?: string; exclude?: string; label?: string },
): OfflineDraft {
  const label = options.label ?? OFFLINE_LABEL
  const sentences = draftSentences(evidence.query, evidence.passages, {
    ...(evidence.stats ? { stats: evidence.stats } : {}),
    max: MAX_SENTENCES,
    perSource: MAX_PER_SOURCE,
    exclude: [options.pending ?? '', options.exclude ?? ''].join('\n'),
  })
  if (sentences.length === 0) {
    const cause = options.pending
      ? 'nothing_to_add'
      : options.exclude
        ? 'all_rejected'
        : 'unquotable'
    return { kind: 'declined', reason: OFFLINE_DECLINE_REASON[cause], cause }
  }
  const used = [...new Map(sentences.map((s) => [s.chunk.sourceId, s.chunk])).values()]
  const attributions = sentences.map((s) => ({ text: s.text, sourceIds: [s.chunk.sourceId] }))
  // Named by their number in the evidence, so grounding finds exactly these passages.
  const sources = used.map((c) => `[${evidence.passages.indexOf(c) + 1}]`)
  const empty = { document_structure: [], new_types: [] }
  if (options.mode === 'research') {
    const bullets = sentences.map((s) => `- ${s.text}`).join('\n')
    return {
      kind: 'draft',
      output: { ...empty, message: `${label}\n\n${bullets}`, document_content: '', sources },
      attributions,
    }
  }
  const prose = sentences.map((s) => s.text).join(' ')
  // A revision offline cannot reword: it keeps the pending content and adds the new passage.
  const content = options.pending ? `${options.pending.trim()}\n\n${prose}` : prose
  const works = used.length
  const message = `${label}\n\nI drafted a paragraph from ${works} source${works === 1 ? '' : 's'} in the knowledge base, each sentence with the source it comes from; approve it to place it in your document.`
  return {
    kind: 'draft',
    output: { ...empty, message, document_content: content, sources },
    attributions,
  }
}
