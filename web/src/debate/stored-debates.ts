// The debates a session stored (each debate message keeps its turns, verdicts, references,
// ending and mode), read back for a reload or a reopened session.
import { questionOf, type StoredMessage } from '../session-history'
import type { Verdict } from './debate-card'
import type { CardReference } from './references'

export interface StoredTurn {
  scientist: 1 | 2
  text: string
  references: CardReference[]
  verdict: Verdict | null
  /** Cut mid-answer by an interrupt. */
  cut: boolean
}

export interface StoredDebate {
  question: string
  /** What retrieval searched, when the server read the question otherwise. */
  searched: string | null
  /** The subject a follow-up turned to, when it was debated as a new question. */
  subjectChange: string | null
  turns: StoredTurn[]
  /** How it ended, in words ("Max Turns Reached"). */
  ending: string
  conclusion: string
  mode: 'online' | 'offline' | 'degraded'
  /** As the server stored them: {stage, reason} objects (older runs: 'stage:reason'). */
  fallbacks: unknown[]
}

interface TurnData {
  scientist?: unknown
  text?: unknown
  references?: { numbers?: unknown; number?: unknown; apa?: unknown; url?: unknown }[]
  verdict?: Verdict | null
  interrupted?: unknown
  stage?: unknown
}

function toReference(ref: NonNullable<TurnData['references']>[number]): CardReference {
  const numbers = Array.isArray(ref.numbers) ? ref.numbers.map(Number) : [Number(ref.number)]
  return {
    numbers,
    apa: String(ref.apa ?? ''),
    url: typeof ref.url === 'string' ? ref.url : null,
  }
}

function toTurn(turn: TurnData): StoredTurn {
  return {
    scientist: turn.scientist === 2 ? 2 : 1,
    text: typeof turn.text === 'string' ? turn.text : '',
    references: Array.isArray(turn.references) ? turn.references.map(toReference) : [],
    verdict: turn.verdict ?? null,
    cut: turn.interrupted === true && turn.stage === 'generation',
  }
}

function toDebate(messages: StoredMessage[], index: number): StoredDebate {
  const data = messages[index]?.data ?? {}
  const mode = data.mode === 'online' || data.mode === 'degraded' ? data.mode : 'offline'
  const marker = typeof data.terminal_marker === 'string' ? data.terminal_marker : ''
  return {
    question: questionOf(messages, index),
    searched: typeof data.search_query === 'string' ? data.search_query : null,
    subjectChange: typeof data.subject_change === 'string' ? data.subject_change : null,
    turns: Array.isArray(data.turns) ? (data.turns as TurnData[]).map(toTurn) : [],
    ending: marker.replace(/^=+\s*|\s*=+$/g, '') || 'Ended',
    conclusion: typeof data.conclusion === 'string' ? data.conclusion : '',
    mode,
    fallbacks: Array.isArray(data.fallbacks) ? data.fallbacks : [],
  }
}

export function storedDebates(messages: StoredMessage[]): StoredDebate[] {
  return messages.flatMap((message, index) =>
    message.role === 'assistant' && message.data?.kind === 'debate'
      ? [toDebate(messages, index)]
      : [],
  )
}
