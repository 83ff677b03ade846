// Offline, a follow-up is searched with the earlier topic carried. When what it adds names a
// subject none of the topic's passages mention ("And what about oral semaglutide, does it
// improve glycemic control?" after a question on tau), the user has changed the subject: it
// is searched again alone and answered only from what that finds, never from the old topic.
// With a model the rewrite call reads the conversation and this never runs.
import { carriedTopicOf, subjectLeftTo } from '../grounding'
import { judgeSources, loadStats, modelJudges } from './judge'
import { searchSources } from './search'
import type { AnswerDeps, AskState } from './types'

/** The judged state, or the follow-up searched and judged alone when it left the topic. */
export async function followSubjectChange(
  judged: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  const followUp = carriedTopicOf(judged.searchQuery)
  if (judged.abstained || !followUp || modelJudges(judged, deps)) return judged
  const { stats } = await loadStats(judged.searchQuery, deps, signal)
  const passages = judged.results.map((r) => ({ title: r.title, text: r.snippet }))
  const subject = await subjectLeftTo(judged.searchQuery, passages, stats)
  if (!subject) return judged
  deps.emit({
    type: 'status',
    step: 'search',
    phase: 'start',
    message: `Nothing on the earlier topic mentions “${subject}”; searching for it alone: ${followUp.asked}…`,
    at: new Date(deps.now()).toISOString(),
  })
  const alone = { ...judged, searchQuery: followUp.asked, results: [], subjectChange: subject }
  return judgeSources(await searchSources(alone, deps, signal), deps, signal)
}
