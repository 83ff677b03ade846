// One answer, start to finish: the 10-minute cache first, else the pipeline; the caller
// supplies history and where packets go (a session's run, or a /v1 request).
import type { WebSearchResult } from '../sources'
import { cacheKey, readCachedAnswer, writeCachedAnswer } from './cache'
import { withClaimMap } from './claim-answer'
import { initialState, runPipeline } from './pipeline'
import { toSourceRefs } from './source-refs'
import type { AskOptions, HistoryTurn } from './schemas'
import type { AnswerDeps, AnswerPayload } from './types'

/**
 * turn_index of every packet of an answer: it renders as one block (statuses, sources, text,
 * citations), whichever conversation turn it answers.
 */
export const ANSWER_BLOCK = 0

/** Seed 001 §8: at most 5 history messages go to the model. */
export const HISTORY_LIMIT = 5

export interface AnswerRequest {
  sessionId: string
  query: string
  options: AskOptions
  history: HistoryTurn[]
  /** The sources the session's last answer cited (sessions only; /v1 has none). */
  earlierSources?: WebSearchResult[]
  /** Caller instructions (/v1 system messages), delimited in the prompt. */
  instructions?: string
  /** Caller's cap on the answer length in tokens (/v1 max_tokens). */
  maxTokens?: number
  /**
   * Add the evidence map when the question is framed as a claim (the app's asks: /v1 clients
   * never see it, so they are not charged its model call).
   */
  claimMap?: boolean
}

/**
 * Bumped when the payload's shape changes, so older cached payloads are never replayed. v3:
 * rows record the sources they list (rows before could not be purged when a source is deleted).
 */
const CACHE_VERSION = 'v3'

/** Instructions change the answer, so only plain first questions are cached. */
const isCacheable = (request: AnswerRequest) =>
  request.history.length === 0 && !request.instructions && request.maxTokens === undefined

/** Only a grounded answer made the normal way is worth reusing. */
const isReusable = (payload: AnswerPayload) =>
  !payload.abstained &&
  !payload.search_error &&
  payload.sources.length > 0 &&
  payload.mode !== 'degraded'

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
  deps.emit({ type: 'sources', sources: toSourceRefs(cached.sources) })
  deps.emit({ type: 'token', text: cached.answer })
  deps.onTextComplete?.()
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
  // An answer is reused only by asks reading the same namespaces.
  const scope = [...(deps.namespaces ?? [])].sort().join(',')
  // A payload made with the evidence map is not the same as one made without.
  const mapped = request.claimMap ? ':claims' : ''
  const key = isCacheable(request)
    ? await cacheKey(
        request.query,
        request.options,
        `${deps.mode}:${CACHE_VERSION}:${scope}${mapped}`,
      )
    : null
  const cached = key ? await readCachedAnswer(db, key, startedAt).catch(() => null) : null
  if (cached) return replayCached(cached, request, deps, startedAt)

  const history = request.history.slice(-HISTORY_LIMIT)
  const state = await runPipeline(initialState({ ...request, history, startedAt }), deps, signal)
  const payload = request.claimMap
    ? await withClaimMap(state, deps, db, signal)
    : (state.payload as AnswerPayload)
  if (key && isReusable(payload)) {
    const sourceIds = state.ranked.flatMap((source) => (source.sourceId ? [source.sourceId] : []))
    await writeCachedAnswer(db, key, { payload, sourceIds }, deps.now()).catch(() => undefined)
  }
  return payload
}
