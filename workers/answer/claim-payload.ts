// The claim check as JSON clients read it. Type imports only from import-free files: the
// browser code type-checks against this file.
import type { ClaimEvidence, StanceJudge, Verdict } from '../claims/types'
import type { AnswerMode, StageFallback } from './payload'

/** A source the search returned, as the evidence map names it. */
export interface ClaimSource {
  /** 1-based position among `sources`. */
  number: number
  title: string
  url: string
  domain: string
  date?: string
}

export interface ClaimMap {
  claim: string
  verdict: Verdict
  evidence: ClaimEvidence<ClaimSource>[]
  /** True when the offline rules set the stances: they are estimates, shown only where earned. */
  stance_estimated: boolean
  stance_judge: StanceJudge
}

export interface ClaimCheckPayload extends ClaimMap {
  session_id: string
  /** Every source the search returned and the relevance judgement kept. */
  sources: ClaimSource[]
  mode: AnswerMode
  fallbacks: StageFallback[]
  /** The query searched, when it differs from the claim (respelt). */
  search_query?: string
  /** Why the verdict is insufficient, when it is. */
  reason?: string
  search_error?: string
  timestamp: string
  latency_ms: number
  /** Only when this call created the session. */
  token?: string
}
