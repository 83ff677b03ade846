// The answer pipeline's state and the narrow dependencies its stages take (seed 001 §2.2);
// the payload it returns lives in payload.ts, re-exported here.
import type { ChatModels } from '../llm'
import type { SafeFetch, WebSearchProvider, WebSearchResult } from '../sources'
import type { PacketBody } from '../stream'
import type { AnswerPayload, StepName } from './payload'
import type { AskOptions, HistoryTurn } from './schemas'

export type { AnswerPayload, AnswerSource, StepName } from './payload'

/** A search result chosen for synthesis; `rank` is its 1-based number in the prompt. */
export interface RankedSource extends WebSearchResult {
  rank: number
  reason: string
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
