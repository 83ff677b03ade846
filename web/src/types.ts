// What the UI reads from the API. Packet and payload shapes are the Worker's own, imported
// as types from its dependency-free files (Vite erases them); only a listed source is looser.
import type { AnswerSource as PayloadSource } from '../../workers/answer/payload'

export type { Packet, SourceRef } from '../../workers/stream/packets'
export type { AnswerPayload } from '../../workers/answer/payload'

/** A source the page lists: live ones come from `sources` packets, without snippet or flags. */
export type AnswerSource = Pick<PayloadSource, 'number' | 'title' | 'url' | 'domain' | 'image'> &
  Partial<Pick<PayloadSource, 'snippet' | 'cited'>>

export interface SessionCredentials {
  id: string
  token: string
}
