// The answer payload as JSON clients read it (seed 001 §5.5, plus Sonar-style extras). No
// imports: the browser code type-checks against this file without the Worker's globals.

export type StepName =
  'search' | 'prioritize_sources' | 'synthesize' | 'enrich_images' | 'format_output'

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
  /** Why prioritize_sources kept it (the model's words, or the credibility heuristic's). */
  reason: string
}

export interface AnswerPayload {
  session_id: string
  question: string
  answer: string
  sources: AnswerSource[]
  related_questions: string[]
  timestamp: string
  latency_ms: number
  mode: 'offline' | 'online'
  cached: boolean
  /** Steps that took their deterministic fallback (model unavailable or failed). */
  fallbacks: StepName[]
  /** Set when search failed: the answer then says so instead of guessing. */
  search_error?: string
  /** Only when this ask created the session. */
  token?: string
}
