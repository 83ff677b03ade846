// The answer pipeline's state and the narrow dependencies its stages take (seed 001 §2.2);
// the payload it returns lives in payload.ts, re-exported here.
import type { SpellingLookups, TermStatisticsSource } from '../grounding'
import type { ChatModels } from '../llm'
import type { SafeFetch, WebSearchOptions, WebSearchProvider, WebSearchResult } from '../sources'
import type { PacketBody } from '../stream'
import type { AnswerPayload, StageFallback } from './payload'
import type { AskOptions, HistoryTurn } from './schemas'

export type { AnswerMode, AnswerPayload, AnswerSource, StageFallback, StepName } from './payload'

/** A search result chosen for the answer; `rank` is its 1-based number in the prompt. */
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
  /** The sources the last answer cited: a follow-up keeps them among its results. */
  earlierSources?: WebSearchResult[]
  /** Extra instructions from the caller (/v1 system messages); never override grounding. */
  instructions?: string
  /** Caller's cap on the answer's length in tokens (/v1 max_tokens). */
  maxTokens?: number
  startedAt: number
  /** Greetings and thanks: answered briefly, nothing searched. */
  smallTalk: boolean
  /** The standalone query searched (the question itself unless rewritten from the history). */
  searchQuery: string
  /**
   * What a follow-up turned to when nothing on the earlier topic mentions it ("livestock
   * production" after statins): it was searched alone, and the answer says so.
   */
  subjectChange?: string
  /** The follow-up rewrite's retrieval task and query variations, for the corpus retriever. */
  plan?: WebSearchOptions['plan']
  results: WebSearchResult[]
  searchError?: string
  ranked: RankedSource[]
  answer: string
  /** Ranks (RankedSource.rank) of cited sources, in their final [n] order. */
  cited: number[]
  abstained: boolean
  abstainReason?: string
  /** The model that wrote the answer (null: extractive, abstained before answering, small talk). */
  answeredBy: string | null
  relatedQuestions: string[]
  /** Image per source URL; null when none was found. */
  images: Record<string, string | null>
  fallbacks: StageFallback[]
  /** Set when a model call showed the model cannot answer now (unreachable, quota): later
   * model stages fall back at once with this reason instead of waiting on it again. */
  modelDown?: string
  payload?: AnswerPayload
}

/** What the stages need, narrowed from Deps so tests can hand in fakes. */
export interface AnswerDeps {
  mode: 'offline' | 'online'
  models: ChatModels | null
  webSearch: WebSearchProvider
  /** False when webSearch is only the corpus (no web provider is configured). */
  webSearchConfigured: boolean
  corpusSearch: WebSearchProvider
  /** arXiv + Crossref beside `library` (the corpus search this ask already started). */
  academicSearch: (library: WebSearchProvider) => WebSearchProvider
  safeFetch: SafeFetch
  /** IDF statistics for the relevance judgement (the knowledge base's); none: plain overlap. */
  termStats?: TermStatisticsSource
  /** The library's index terms, for reading a misspelt word as it spells it; none: as written. */
  spelling?: Omit<SpellingLookups, 'stats'>
  /** The namespaces corpus search reads (ASK_NAMESPACES): cached answers are kept per set. */
  namespaces?: readonly string[]
  now: () => number
  /** Deadlines (ms): the seed's 6 s search and 3 s image fetch; planning 8 s. Tests shorten them. */
  timeouts?: { searchMs?: number; imageMs?: number; planMs?: number; relatedMs?: number }
  /** Live packets (tokens, citations, statuses) for whoever is streaming the run. */
  emit: (packet: PacketBody) => void
  /** Called once the answer's text is final (later steps add no words): a stop then cuts none. */
  onTextComplete?: () => void
}

export type Stage = (state: AskState, deps: AnswerDeps, signal: AbortSignal) => Promise<AskState>
