// Earlier questions and answers of the tab's session (GET /api/sessions/:id), so a reload
// shows the conversation that follow-ups will build on; a claim (asked as one, or checked through
// POST /api/claims/check) comes back with its evidence map.
import type { AnswerOutcome } from './notices'
import { loadSession } from './session'
import { readSessionHistory } from './session-history'
import type { AnswerSource, ClaimMap } from './types'

export interface PastTurn {
  question: string
  answer: string
  sources: AnswerSource[]
  related: string[]
  stopped: boolean
  /** The evidence map the answer carried, when its question was a claim. */
  claimCheck: ClaimMap | null
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
    claim_check?: unknown
  }
}

/** A stored text field, kept only when it is one (older messages have none). */
function textField<K extends string>(key: K, value: unknown): Partial<Record<K, string>> {
  return typeof value === 'string' && value.trim() ? ({ [key]: value } as Record<K, string>) : {}
}

/** Message kinds the Ask view shows: its own asks, and claims checked through the API. */
const ASKED_KINDS: ReadonlySet<unknown> = new Set(['ask', 'claim'])

function claimMapOf(value: unknown): ClaimMap | null {
  const map = value as Partial<ClaimMap> | null | undefined
  const isMap =
    typeof map === 'object' &&
    map !== null &&
    typeof map.claim === 'string' &&
    typeof map.verdict === 'string' &&
    Array.isArray(map.evidence)
  return isMap ? (map as ClaimMap) : null
}

/** Pairs each asked question with the answer stored after it. */
function toTurns(messages: StoredMessage[]): PastTurn[] {
  const turns: PastTurn[] = []
  messages.forEach((message, i) => {
    const reply = messages[i + 1]
    if (message.role !== 'user' || !ASKED_KINDS.has(message.data?.kind)) return
    if (reply?.role !== 'assistant') return
    // A claim check's reply is its map; a stopped check saved the claim and nothing else.
    if (message.data?.kind === 'claim' && reply.data?.kind !== 'claim') return
    // A checked claim keeps how it was made inside its map (the payload less session details).
    const made = (message.data?.kind === 'claim' ? reply.data?.claim_check : reply.data) as
      StoredMessage['data'] | undefined
    turns.push({
      question: message.content,
      answer: reply.content,
      sources: reply.data?.sources ?? [],
      related: reply.data?.related_questions ?? [],
      stopped: reply.data?.stopped === true,
      claimCheck: claimMapOf(reply.data?.claim_check),
      outcome: {
        mode: made?.mode === 'degraded' ? 'degraded' : 'online',
        fallbacks: Array.isArray(made?.fallbacks) ? made.fallbacks : [],
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
