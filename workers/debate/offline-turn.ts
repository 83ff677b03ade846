// A scientist's turn without a model (none configured, or it failed earlier in the run): the
// grounding core's extractive writer over the turn's retrieved chunks, labelled as such, with
// honest markers — nothing was judged or run, so Validation is N/A and Agreement/Viability
// are not claimed.
import { createTermStatisticsSource } from '../grounding'
import { debateNamespaces } from './evidence'
import { extractiveAnswer, type PreparedTurn, type StepSpec, type TurnAnswer } from '../turn'
import type { ContextDocument } from '../context'
import { emitAnswerText } from './emit'
import type { Speaker } from './markers'
import { OFFLINE_CONCLUSION, OFFLINE_LABEL } from './offline-label'

export function offlineStep(
  speaker: Speaker,
  query: string,
  documents: ContextDocument[],
  label: string = OFFLINE_LABEL,
): StepSpec['offline'] {
  return async (turn: PreparedTurn, _step: StepSpec): Promise<TurnAnswer> => {
    const statsOf = createTermStatisticsSource(turn.deps.db, debateNamespaces(turn))
    const stats = await statsOf(query, turn.signal)
    const quoted = extractiveAnswer(query, documents, speaker === 'optimist' ? 4 : 3, stats)
    const body =
      quoted || 'The knowledge base has no passage on this question, so nothing is claimed.'
    const text = `${label}\n\n${body}\n\nValidation: N/A\nConclusion: ${OFFLINE_CONCLUSION}\n`
    emitAnswerText(turn, text)
    return { text, citations: [], stopped: false }
  }
}
