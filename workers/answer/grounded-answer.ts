// One question through the grounded answer pipeline, uncached, for callers that need the
// sources' provenance beside the payload (deep research formats references from source ids).
import type { WebSearchResult } from '../sources'
import { citedFirst } from './format-output'
import { initialState, runPipeline } from './pipeline'
import type { AskOptions } from './schemas'
import type { AnswerDeps, AnswerPayload } from './types'

export interface GroundedAnswer {
  payload: AnswerPayload
  /** provenance[n - 1] is the search result behind payload.sources[n - 1]. */
  provenance: WebSearchResult[]
}

export async function answerGrounded(
  request: { sessionId: string; query: string; options: AskOptions },
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<GroundedAnswer> {
  const startedAt = deps.now()
  const state = await runPipeline(
    initialState({ ...request, history: [], startedAt }),
    deps,
    signal,
  )
  const payload = state.payload as AnswerPayload
  const { cited, rest } = citedFirst(state)
  const provenance = [...cited, ...rest].map(
    ({ rank: _rank, reason: _reason, ...result }) => result,
  )
  return { payload, provenance }
}
