// The papers routes' shapes as the view reads them (workers/papers/ is their source; spelled out
// here so the browser build pulls in no Worker code).

export type PaperStatus = 'queued' | 'loading' | 'loaded' | 'failed'
export type AnswerMode = 'online' | 'offline' | 'degraded'

export interface PaperHit {
  index: number
  arxiv_id: string
  title: string
  authors: string[]
  year: number | null
  abstract: string
  pdf_url: string
  abs_url: string
}

export interface SearchResult {
  query: string
  arxiv_query: string
  query_kind: 'title' | 'keywords' | 'semantic'
  mode?: AnswerMode
  fallbacks?: { stage: string; reason: string }[]
  papers: PaperHit[]
  quota: QuotaView
}

export interface PaperRow {
  id: string
  title: string
  status: PaperStatus
  pages: number
  error?: string
  pdf_url: string | null
  arxiv_id: string | null
  /** The server keeps this paper's PDF (GET /api/papers/:session/pdf/:id). */
  stored?: boolean
}

export interface QuotaCounter {
  used: number
  limit: number
  left: number
  /** Epoch ms when the user cooldown ends; null when none runs. */
  cooldown_until: number | null
}

export interface QuotaView {
  search: QuotaCounter
  chat: QuotaCounter
  /** Paper Brain agent messages (older servers do not send it). */
  brain?: QuotaCounter
  api_cooldown_until: number | null
}

export interface PaperList {
  papers: PaperRow[]
  quota: QuotaView
}

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
