// How a result was made, derived one way for every capability (answer, papers, debate,
// writing, chat turns, /v1, MCP): `mode` and the `fallbacks` behind it. Nothing that fell back
// may be presented as normal, and nothing listed is ever dropped.

/** offline: no model configured; degraded: a model is configured and a stage fell back. */
export type ResultMode = 'online' | 'offline' | 'degraded'

/** A stage that took its fallback (or recovered from a failure), and why, in a user's words. */
export interface StageFallback {
  stage: string
  reason: string
}

export interface ModeReport {
  mode: ResultMode
  /** Every fallback, in the order it happened, each (stage, reason) once. */
  fallbacks: StageFallback[]
}

/** A fallback as capabilities record it: the object, or a 'stage:reason' code. */
export type FallbackEntry = StageFallback | string

/**
 * The one derivation of `mode` and `fallbacks`. Offline stays `offline` (no model is the normal
 * way there), but what fell back offline (a failed search list, statistics) is still listed.
 */
export function modeReport(
  modelConfigured: boolean,
  ...lists: ReadonlyArray<readonly FallbackEntry[]>
): ModeReport {
  const seen = new Set<string>()
  const fallbacks: StageFallback[] = []
  for (const entry of lists.flat()) {
    const fallback = typeof entry === 'string' ? fallbackOf(entry) : entry
    const key = `${fallback.stage}\u0000${fallback.reason}`
    if (seen.has(key)) continue
    seen.add(key)
    fallbacks.push({ stage: fallback.stage, reason: fallback.reason })
  }
  const mode = !modelConfigured ? 'offline' : fallbacks.length > 0 ? 'degraded' : 'online'
  return { mode, fallbacks }
}

/** What each retriever fallback code's second half means ('rerank:lexical' etc.). */
const RETRIEVAL_OUTCOMES: Record<string, string> = {
  lexical: 'the model could not grade the passages; ranked by word statistics',
  offline: 'the model could not plan the search; planned without it',
  failed: 'failed; searched without it',
}

/**
 * A 'stage:reason' code ('placement:offline', 'model:timeout') as a listed fallback; the
 * retriever's codes, alone or behind 'retrieval:', read as retrievalFallback does.
 */
export function fallbackOf(code: string): StageFallback {
  const retrieval = code.replace(/^retrieval:/, '')
  const [stage = code, ...rest] = retrieval.split(':')
  if (retrieval !== code || RETRIEVAL_STAGES.has(stage)) return retrievalFallback(retrieval)
  return { stage, reason: rest.join(':').replace(/_/g, ' ') || 'fell back' }
}

/** The retriever's stage names, as its fallback codes start. */
const RETRIEVAL_STAGES = new Set(['plan', 'vector', 'bm25', 'feedback', 'rerank'])

/**
 * A retriever fallback code ('rerank:lexical', 'vector:failed', 'feedback:failed',
 * 'plan:offline') as a listed fallback: stage `retrieval.<stage>` with its meaning.
 */
export function retrievalFallback(code: string): StageFallback {
  const [stage = code, ...rest] = code.split(':')
  const outcome = rest.join(':')
  return {
    stage: `retrieval.${stage}`,
    reason: RETRIEVAL_OUTCOMES[outcome] ?? (outcome || 'fell back'),
  }
}
