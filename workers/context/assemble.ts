// Context assembly: the parts of a cycle's context in the seed's order. System first; then the
// earlier turns (files stay above their own user message); then, for the current turn, the
// custom agent, the project documents and the user message with its files; this turn's tool
// calls and results; and the reminder last.
import type { LanguageModelInput, ModelMessage } from '../llm'
import type { ChatMessageSimple, ContextDocument } from './chat-message'
import { documentsUserMessage, renderMessages } from './render'
import { fitHistory, inputTokens } from './truncate'

export interface ContextParts {
  system: string
  /** Custom agent prompt as a user message above the latest user message; null when unset or when it replaced the system prompt. */
  customAgent: string | null
  /** Project documents kept near the end while they fit; null without a project. */
  project: ContextDocument[] | null
  /** Earlier turns, oldest first. */
  history: ChatMessageSimple[]
  /** The current turn: its user message first, then this turn's tool calls and results. */
  turn: ChatMessageSimple[]
  reminder: string | null
  /** Tokens the whole input may use. */
  budget: number
}

export function assembleContext(parts: ContextParts): LanguageModelInput {
  const head: ModelMessage[] = [{ role: 'system', content: parts.system }]
  const agent: ModelMessage[] = parts.customAgent
    ? [{ role: 'user', content: parts.customAgent }]
    : []
  const current: ModelMessage[] = [
    ...agent,
    ...documentsUserMessage(parts.project),
    ...renderMessages(parts.turn),
  ]
  const tail: ModelMessage[] = parts.reminder ? [{ role: 'user', content: parts.reminder }] : []
  const fixed = inputTokens(head) + inputTokens(current) + inputTokens(tail)
  const history = fitHistory(parts.history, Math.max(0, parts.budget - fixed))
  return [...head, ...history, ...current, ...tail]
}
