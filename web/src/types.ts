// What the UI reads from the API. Packet and payload shapes are the Worker's own, imported
// as types from its dependency-free files (Vite erases them); only a listed source is looser.
import type {
  AnswerPayload as WorkerPayload,
  AnswerSource as PayloadSource,
} from '../../workers/answer/payload'

export type { Packet, SourceRef } from '../../workers/stream/packets'
export type { ClaimMap, ClaimSource } from '../../workers/answer/claim-payload'
export type { ClaimEvidence, Stance, Verdict } from '../../workers/claims/types'

/** The issue-8 contract's honesty fields (contract.md), spelled out so the page reads them as agreed. */
export interface AnswerHonesty {
  mode: 'online' | 'offline' | 'degraded'
  fallbacks: { stage: string; reason: string }[]
  abstained?: boolean
  reason?: string
  search_query?: string
  model?: string | null
}

export type AnswerPayload = Omit<WorkerPayload, keyof AnswerHonesty> & AnswerHonesty

/** A source the page lists: live ones come from `sources` packets, without snippet or flags. */
export type AnswerSource = Pick<PayloadSource, 'number' | 'title' | 'url' | 'domain' | 'image'> &
  Partial<Pick<PayloadSource, 'snippet' | 'cited' | 'date'>>

export interface SessionCredentials {
  id: string
  token: string
}

/** The parts of GET /health the page shows. */
export interface HealthView {
  mode: 'offline' | 'online' | null
  /** The configured main model's name, when /health says. */
  model?: string | null
  corpus: { state: 'empty' | 'seeding' | 'ready'; sources: number; total: number | null } | null
}
