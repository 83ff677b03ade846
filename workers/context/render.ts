// ChatMessageSimple -> LanguageModelInput: the only place the rich form is stripped down.
import type { ModelMessage } from '../llm'
import type { ChatMessageSimple, ContextDocument } from './chat-message'
import { documentsMessage } from './documents'

/** The fixed text that replaces tool results from earlier turns; their call arguments stay. */
export const TOOL_RESULT_DROPPED = 'This tool result is no longer available in the conversation.'

export function renderMessage(message: ChatMessageSimple): ModelMessage[] {
  switch (message.kind) {
    case 'user': {
      const files = documentsUserMessage(message.files)
      return [...files, { role: 'user', content: message.content }]
    }
    case 'assistant':
      return message.toolCalls.length > 0
        ? [{ role: 'assistant', content: message.content, toolCalls: message.toolCalls }]
        : [{ role: 'assistant', content: message.content }]
    case 'tool':
      return [{ role: 'tool', toolCallId: message.toolCallId, content: message.content }]
  }
}

export function renderMessages(messages: ChatMessageSimple[]): ModelMessage[] {
  return messages.flatMap(renderMessage)
}

/** Documents collapse into one user message; none means no message. */
export function documentsUserMessage(docs: ContextDocument[] | null): ModelMessage[] {
  return docs && docs.length > 0 ? [{ role: 'user', content: documentsMessage(docs) }] : []
}
