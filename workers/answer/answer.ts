// One answer, start to finish: the 10-minute cache first, else the pipeline; the caller
// supplies history and where packets go (a session's run, or a /v1 request).
import { cacheKey, readCachedAnswer, writeCachedAnswer } from './cache'
import { initialState, runPipeline } from './pipeline'
import { toSourceRefs } from './source-refs'
import type { AskOptions, HistoryTurn } from './schemas'
import type { AnswerDeps, AnswerPayload } from './types'

/** Seed 001 §8: at most 5 history messages go to the model. */
export const HISTORY_LIMIT = 5

export interface AnswerRequest {
  sessionId: string
  query: string
  options: AskOptions
  history: HistoryTurn[]
}

/** Follow-ups depend on their history, so only a conversation's first question is cached. */
const isCacheable = (request: AnswerRequest) => request.history.length === 0

function replayCached(
  cached: AnswerPayload,
  request: AnswerRequest,
  deps: AnswerDeps,
  startedAt: number,
): AnswerPayload {
  const at = new Date(deps.now()).toISOString()
  deps.emit({
    type: 'status',
    step: 'format_output',
    phase: 'start',
    message: 'Reusing a recent answer…',
    at,
  })
  deps.emit({ type: 'token', text: cached.answer })
  deps.emit({ type: 'sources', sources: toSourceRefs(cached.sources) })
  deps.emit({ type: 'status', step: 'format_output', phase: 'end', message: 'Answer ready.', at })
  return {
    ...cached,
    session_id: request.sessionId,
    cached: true,
    latency_ms: deps.now() - startedAt,
  }
}

export async function answerQuestion(
  request: AnswerRequest,
  deps: AnswerDeps,
  db: D1Database,
  signal: AbortSignal,
): Promise<AnswerPayload> {
  const startedAt = deps.now()
  const key = isCacheable(request)
    ? await cacheKey(request.query, request.options, deps.mode)
    : null
  const cached = key ? await readCachedAnswer(db, key, startedAt).catch(() => null) : null
  if (cached) return replayCached(cached, request, deps, startedAt)

  const history = request.history.slice(-HISTORY_LIMIT)
  const state = await runPipeline(initialState({ ...request, history, startedAt }), deps, signal)
  const payload = state.payload as AnswerPayload
  // Only grounded answers are worth reusing: not a failed search or an empty one.
  if (key && !payload.search_error && payload.sources.length > 0) {
    await writeCachedAnswer(db, key, payload, deps.now()).catch(() => undefined)
  }
  return payload
}
