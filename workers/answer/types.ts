// The answer pipeline's state, the narrow dependencies its stages take, and the payload
// it returns (seed 001 §2.2 and §5.5, plus Sonar-style extras).
import type { ChatModels } from '../llm'
import type { SafeFetch, WebSearchProvider, WebSearchResult } from '../sources'
import type { PacketBody } from '../stream'
import type { AskOptions, HistoryTurn } from './schemas'

export type StepName =
  'search' | 'prioritize_sources' | 'synthesize' | 'enrich_images' | 'format_output'

/** A search result chosen for synthesis; `rank` is its 1-based number in the prompt. */
export interface RankedSource extends WebSearchResult {
  rank: number
  reason: string
}

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

export interface AskState {
  sessionId: string
  query: string
  options: AskOptions
  /** Earlier turns, oldest first (already capped). */
  history: HistoryTurn[]
  startedAt: number
  results: WebSearchResult[]
  searchError?: string
  ranked: RankedSource[]
  answer: string
  /** Ranks (RankedSource.rank) of cited sources, in their final [n] order. */
  cited: number[]
  relatedQuestions: string[]
  /** Image per source URL; null when none was found. */
  images: Record<string, string | null>
  fallbacks: StepName[]
  payload?: AnswerPayload
}

/** What the stages need, narrowed from Deps so tests can hand in fakes. */
export interface AnswerDeps {
  mode: 'offline' | 'online'
  models: ChatModels | null
  webSearch: WebSearchProvider
  corpusSearch: WebSearchProvider
  academicSearch: WebSearchProvider
  safeFetch: SafeFetch
  now: () => number
  /** Deadlines (ms); defaults are the seed's 6 s search and 3 s image fetch. Tests shorten them. */
  timeouts?: { searchMs?: number; imageMs?: number }
  /** Live packets (tokens, citations, statuses) for whoever is streaming the run. */
  emit: (packet: PacketBody) => void
}

export type Stage = (state: AskState, deps: AnswerDeps, signal: AbortSignal) => Promise<AskState>
