// Earlier questions and answers of the tab's session (GET /api/sessions/:id), so a reload
// shows the conversation that follow-ups will build on.
import type { AnswerOutcome } from './notices'
import { loadSession } from './session'
import { readSessionHistory } from './session-history'
import type { AnswerSource } from './types'

export interface PastTurn {
  question: string
  answer: string
  sources: AnswerSource[]
  related: string[]
  stopped: boolean
  /** What is stored of how it was made (the fallback details are not kept). */
  outcome: AnswerOutcome
}

interface StoredMessage {
  role: string
  content: string
  data?: {
    kind?: string
    sources?: AnswerSource[]
    related_questions?: string[]
    stopped?: boolean
    mode?: string
    fallbacks?: { stage: string; reason: string }[]
    abstained?: boolean
    reason?: string
    search_error?: string
    cached?: boolean
  }
}

/** A stored text field, kept only when it is one (older messages have none). */
function textField<K extends string>(key: K, value: unknown): Partial<Record<K, string>> {
  return typeof value === 'string' && value.trim() ? ({ [key]: value } as Record<K, string>) : {}
}

/** Pairs each asked question with the answer stored after it. */
function toTurns(messages: StoredMessage[]): PastTurn[] {
  const turns: PastTurn[] = []
  messages.forEach((message, i) => {
    const reply = messages[i + 1]
    if (message.role !== 'user' || message.data?.kind !== 'ask' || reply?.role !== 'assistant')
      return
    turns.push({
      question: message.content,
      answer: reply.content,
      sources: reply.data?.sources ?? [],
      related: reply.data?.related_questions ?? [],
      stopped: reply.data?.stopped === true,
      outcome: {
        mode: reply.data?.mode === 'degraded' ? 'degraded' : 'online',
        fallbacks: Array.isArray(reply.data?.fallbacks) ? reply.data.fallbacks : [],
        abstained: reply.data?.abstained === true,
        ...textField('reason', reply.data?.reason),
        ...textField('search_error', reply.data?.search_error),
        cached: reply.data?.cached === true,
      },
    })
  })
  return turns
}

export async function loadPastTurns(): Promise<PastTurn[]> {
  const session = loadSession()
  const history = session ? await readSessionHistory(session) : null
  return toTurns((history?.messages ?? []) as StoredMessage[])
}
