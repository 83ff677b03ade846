// The rich message form used inside a turn (seed 003's ChatMessageSimple) and the document
// shape the model sees. Stored rows become these; only assemble.ts turns them into model input.
import type { ToolCall } from '../llm'

/** One document as the model sees it: a number to cite, short fields first, contents last. */
export interface ContextDocument {
  document: number
  title: string
  /** Given for web results so the model can pass it to open_url. */
  url?: string
  metadata?: string
  contents: string
}

export type ChatMessageSimple =
  /** `files` are the point-in-time inclusions attached to this message, rendered just above it. */
  | { kind: 'user'; content: string; files: ContextDocument[] }
  | { kind: 'assistant'; content: string; toolCalls: ToolCall[] }
  | { kind: 'tool'; toolCallId: string; toolName: string; content: string }

export function userMessage(content: string, files: ContextDocument[] = []): ChatMessageSimple {
  return { kind: 'user', content, files }
}

export function assistantMessage(content: string, toolCalls: ToolCall[] = []): ChatMessageSimple {
  return { kind: 'assistant', content, toolCalls }
}

export function toolMessage(
  call: Pick<ToolCall, 'id' | 'name'>,
  content: string,
): ChatMessageSimple {
  return { kind: 'tool', toolCallId: call.id, toolName: call.name, content }
}
