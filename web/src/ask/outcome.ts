// Renders a finished answer into its turn: answer, sources (none when abstained), related
// questions, a claim's evidence map, the searched query, the notices and an honest final status.
import { finalStatus, noticesFor } from '../notices'
import type { TurnView } from './turn-view'
import type { AnswerPayload } from '../types'

export function showOutcome(
  view: TurnView,
  result: AnswerPayload,
  onPick: (question: string) => void,
): void {
  view.setAnswer(result.answer)
  // An abstention cites nothing: no source cards, whatever arrived while streaming.
  view.setSources(result.abstained ? [] : result.sources)
  view.setRelated(result.abstained ? [] : result.related_questions, onPick)
  view.setClaimMap(result.claim_check ?? null)
  if (result.search_query) view.setSearchQuery(result.search_query)
  view.setNotices(noticesFor(result))
  view.setState('done', finalStatus(result))
}
