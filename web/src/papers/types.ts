// The papers routes' shapes as the view reads them: the JSON routes' from the app's route types
// (type-only, so the browser build pulls in no Worker code); a chat run's `done` result is a
// packet, spelled out here.
import type { InferResponseType } from 'hono/client'
import type { api } from '../api-client'

type PapersApi = (typeof api)['api']['papers']
type Loosen<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>

type ListReply = InferResponseType<PapersApi[':session']['$get'], 200>
type SearchReply = InferResponseType<PapersApi['search']['$post'], 200>

// The view reads a quota without the Paper Brain counter and a row without `stored` as the
// server's words for "none" (as it did before these types came from the routes).
export type QuotaView = Loosen<ListReply['quota'], 'brain'>
export type QuotaCounter = QuotaView['search']
export type PaperRow = Loosen<ListReply['papers'][number], 'stored'>
export type PaperStatus = PaperRow['status']

/** GET /api/papers/:session's answer: the session's papers and its quota. */
export interface PaperList {
  papers: PaperRow[]
  quota: QuotaView
}

/** POST /api/papers/search's answer: the hits, how the query was read, and the quota. */
export type SearchResult = Omit<SearchReply, 'quota'> & { quota: QuotaView }
export type PaperHit = SearchResult['papers'][number]
export type AnswerMode = 'online' | 'offline' | 'degraded'

export interface PageCitation {
  title: string
  page: number
  paper_id: string
}

export interface GivenSource {
  number: number
  title: string
  url?: string
  snippet?: string
  page?: number
}

/** The `done` result of a paper chat run (and the JSON answer of /api/papers/chat). */
export interface ChatResult {
  answer: string
  citations: PageCitation[]
  sources: GivenSource[]
  abstained: boolean
  mode: AnswerMode
  fallbacks?: (string | { stage: string; reason: string })[]
  task?: string
  citation_check?: { corrected: number; removed: number }
  error?: { code: string; message: string }
  stopped?: boolean
}
