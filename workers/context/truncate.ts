// Fitting earlier turns into what the window leaves: whole turns are dropped oldest first, so
// the model never sees a tool result without its call or an answer without its question.
import { countTokens, type ModelMessage } from '../llm'
import type { ChatMessageSimple } from './chat-message'
import { renderMessages } from './render'

/** Per-message framing the providers add around content (role markers, separators). */
const MESSAGE_OVERHEAD = 4

export function messageTokens(message: ModelMessage): number {
  const calls = message.role === 'assistant' ? (message.toolCalls ?? []) : []
  const callTokens = calls.reduce((sum, c) => sum + countTokens(c.name + c.arguments), 0)
  return MESSAGE_OVERHEAD + countTokens(message.content) + callTokens
}

export function inputTokens(messages: ModelMessage[]): number {
  return messages.reduce((sum, message) => sum + messageTokens(message), 0)
}

/** Groups the history into turns: each starts at a user message. */
export function splitTurns(history: ChatMessageSimple[]): ChatMessageSimple[][] {
  const turns: ChatMessageSimple[][] = []
  for (const message of history) {
    const current = turns[turns.length - 1]
    if (message.kind === 'user' || !current) turns.push([message])
    else current.push(message)
  }
  return turns
}

/** The most recent whole turns whose rendering fits in `available` tokens. */
export function fitHistory(history: ChatMessageSimple[], available: number): ModelMessage[] {
  const kept: ModelMessage[][] = []
  let used = 0
  for (const turn of splitTurns(history).reverse()) {
    const rendered = renderMessages(turn)
    used += inputTokens(rendered)
    if (used > available) break
    kept.unshift(rendered)
  }
  return kept.flat()
}
