// The ChatModel port: what every capability needs from a chat model, in domain types.
// Adapters: openai-compatible.ts (openai SDK), workers-ai.ts (AI binding).

/** One tool the model may call, described with JSON Schema. */
export interface ToolSpec {
  name: string
  description: string
  parameters: Record<string, unknown>
}

export interface ToolCall {
  id: string
  name: string
  /** Raw JSON text of the arguments, as the model produced it. */
  arguments: string
}

/** The minimal message form sent to a model adapter (seed 003's LanguageModelInput). */
export type ModelMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string }

export type LanguageModelInput = ModelMessage[]

export interface ModelRequest {
  messages: LanguageModelInput
  tools?: ToolSpec[]
  temperature?: number
  maxTokens?: number
  /** Ask for JSON matching this schema (response_format json_schema where supported). */
  jsonSchema?: { name: string; schema: Record<string, unknown> }
}

export interface TokenUsage {
  promptTokens: number
  completionTokens: number
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'aborted'

/** A streamed piece of one inference, in arrival order. */
export type ModelDelta =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  /** Tool-call fragments: `index` groups fragments of one call; id/name arrive first. */
  | { type: 'tool_call'; index: number; id?: string; name?: string; argumentsDelta: string }
  | { type: 'finish'; reason: FinishReason; usage?: TokenUsage }

export interface ModelResponse {
  text: string
  reasoning: string
  toolCalls: ToolCall[]
  finishReason: FinishReason
  usage?: TokenUsage
}

export interface ChatModel {
  /** Model name as the provider knows it. */
  readonly model: string
  /** Context window in tokens. */
  readonly contextTokens: number
  /** One inference, whole. Rejects with ProviderError / QuotaExhaustedError / AbortError. */
  complete(request: ModelRequest, signal?: AbortSignal): Promise<ModelResponse>
  /** One inference, streamed; aborting the signal ends the iteration at once. */
  stream(request: ModelRequest, signal?: AbortSignal): AsyncIterable<ModelDelta>
}

/** The models chosen from Config; null in offline mode (callers take their fallback). */
export interface ChatModels {
  main: ChatModel
  fast: ChatModel
}
