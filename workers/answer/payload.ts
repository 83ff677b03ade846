// The answer payload as JSON clients read it (seed 001 §5.5, plus Sonar-style extras and the
// issue-8 honesty fields). Type imports only from import-free files: the browser code
// type-checks against this file.
import type { ResultMode, StageFallback } from '../grounding/mode'
import type { ClaimMap } from './claim-payload'

export type { StageFallback }

export type StepName =
  'plan' | 'search' | 'prioritize_sources' | 'synthesize' | 'enrich_images' | 'format_output'

/** A source as the payload lists it; sources[n - 1] is what the answer cites as [n]. */
export interface AnswerSource {
  number: number
  title: string
  url: string
  domain: string
  snippet: string
  image: string | null
  date?: string
  cited: boolean
  /** Why prioritize_sources kept it (the credibility heuristic's words). */
  reason: string
}

/**
 * How the answer was made. offline: no model configured; degraded: a model is configured but
 * at least one stage fell back; online: every model stage worked (grounding's modeReport).
 */
export type AnswerMode = ResultMode

export interface AnswerPayload {
  session_id: string
  question: string
  answer: string
  sources: AnswerSource[]
  related_questions: string[]
  timestamp: string
  latency_ms: number
  mode: AnswerMode
  cached: boolean
  /** One entry per stage that fell back or recovered from a failure, with its reason. */
  fallbacks: StageFallback[]
  /** True when the sources do not cover the question: the answer says so and cites nothing. */
  abstained: boolean
  /** Why it abstained, short and user-facing (only when abstained). */
  reason?: string
  /** The standalone query actually searched, when it differs from the question. */
  search_query?: string
  /** The model that wrote the answer; null offline or when that stage fell back. */
  model: string | null
  /** Set when search failed: the answer then says so instead of guessing. */
  search_error?: string
  /**
   * For a question framed as a claim ("Is it true that …", "Does X cause Y?"): which of the
   * sources support it, which contradict it, and the sentences that say so.
   */
  claim_check?: ClaimMap
  /** Only when this ask created the session. */
  token?: string
}
