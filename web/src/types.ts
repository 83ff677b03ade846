// What the UI reads from the API: the packet type is shared with the Worker; the answer
// payload is restated here because the UI depends on its JSON shape, not the Worker's code.
export type { Packet, SourceRef } from '../../workers/stream/packets'

export interface AnswerSource {
  number: number
  title: string
  url: string
  domain: string
  snippet?: string
  image: string | null
  cited?: boolean
}

export interface AnswerPayload {
  session_id: string
  question: string
  answer: string
  sources: AnswerSource[]
  related_questions: string[]
  mode: 'offline' | 'online'
  cached: boolean
  latency_ms: number
}

export interface SessionCredentials {
  id: string
  token: string
}
