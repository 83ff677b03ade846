// The paper chat a session stored (each answer keeps its checked page citations, mode and
// fallbacks), read back as finished turns for a reload or a reopened session.
import { questionOf, type StoredMessage } from '../session-history'
import type { ChatResult } from './types'

export interface PastPaperTurn {
  question: string
  result: ChatResult
}

function toResult(message: StoredMessage): ChatResult {
  const data = message.data ?? {}
  const mode = data.mode === 'online' || data.mode === 'degraded' ? data.mode : 'offline'
  return {
    answer: message.content,
    citations: Array.isArray(data.citations) ? (data.citations as ChatResult['citations']) : [],
    // The pages given to the answer are not kept, only the ones it cites.
    sources: [],
    abstained: data.abstained === true,
    mode,
    fallbacks: Array.isArray(data.fallbacks) ? (data.fallbacks as ChatResult['fallbacks']) : [],
    ...(data.stopped === true ? { stopped: true } : {}),
  }
}

export function storedPaperChat(messages: StoredMessage[]): PastPaperTurn[] {
  return messages.flatMap((message, index) =>
    message.role === 'assistant' && message.data?.kind === 'papers_answer'
      ? [{ question: questionOf(messages, index), result: toResult(message) }]
      : [],
  )
}
