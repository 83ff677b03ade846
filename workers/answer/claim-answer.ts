// An ask framed as a claim also gets the evidence map over the sources its answer read, so the
// page can show beside the answer which support it and which contradict it. Only the question
// itself is checked (a follow-up's claim leans on the conversation, which the map cannot read).
import { claimOf } from '../claims'
import { modeReport } from '../grounding'
import { buildClaimMap } from './claim-map'
import type { AnswerDeps, AnswerPayload, AskState } from './types'

export async function withClaimMap(
  state: AskState,
  deps: AnswerDeps,
  db: D1Database,
  signal: AbortSignal,
): Promise<AnswerPayload> {
  const payload = state.payload as AnswerPayload
  const claim = state.history.length === 0 ? claimOf(state.query) : null
  if (!claim || payload.abstained || state.ranked.length === 0) return payload
  // In the payload's order, so the map's source numbers are the answer's [n].
  const byUrl = new Map(state.ranked.map((source) => [source.url, source]))
  const read = payload.sources.flatMap((source) => byUrl.get(source.url) ?? [])
  const built = await buildClaimMap(claim, read, {
    deps,
    db,
    signal,
    modelDown: state.modelDown,
  })
  const report = modeReport(deps.mode === 'online', payload.fallbacks, built.fallbacks)
  return { ...payload, ...report, claim_check: built.map }
}
