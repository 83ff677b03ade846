// Parses OpenAI-compatible responses with zod (servers differ: reasoning arrives as
// `reasoning_content` (DeepSeek, vLLM) or `reasoning` (OpenRouter, Ollama)) into domain types.
import { z } from 'zod'
import { ProviderError } from '../errors'
import type { FinishReason, ModelDelta, ModelResponse, TokenUsage, ToolCall } from './chat-model'

const text = z.string().nullish()

const usageSchema = z
  .object({ prompt_tokens: z.number().nullish(), completion_tokens: z.number().nullish() })
  .nullish()

const toolCallSchema = z.object({
  index: z.number().int().nonnegative().nullish(),
  id: text,
  function: z.object({ name: text, arguments: text }).nullish(),
})

const messageSchema = z.object({
  content: text,
  reasoning_content: text,
  reasoning: text,
  tool_calls: z.array(toolCallSchema).nullish(),
})

export const completionSchema = z.object({
  choices: z.array(z.object({ message: messageSchema, finish_reason: text })).min(1),
  usage: usageSchema,
})

export const chunkSchema = z.object({
  choices: z.array(z.object({ delta: messageSchema.nullish(), finish_reason: text })).nullish(),
  usage: usageSchema,
})

export type CompletionChunk = z.infer<typeof chunkSchema>

export function toFinishReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'length':
    case 'tool_calls':
    case 'content_filter':
      return reason
    case 'function_call':
      return 'tool_calls'
    default:
      return 'stop'
  }
}

export function toUsage(usage: z.infer<typeof usageSchema>): TokenUsage | undefined {
  if (!usage) return undefined
  return { promptTokens: usage.prompt_tokens ?? 0, completionTokens: usage.completion_tokens ?? 0 }
}

export function toModelResponse(completion: z.infer<typeof completionSchema>): ModelResponse {
  const choice = completion.choices[0]
  const message = choice?.message
  const toolCalls: ToolCall[] = (message?.tool_calls ?? []).map((call, i) => ({
    id: call.id || `call_${i}`,
    name: call.function?.name ?? '',
    arguments: call.function?.arguments ?? '',
  }))
  const reason = toFinishReason(choice?.finish_reason)
  return {
    text: message?.content ?? '',
    reasoning: message?.reasoning_content ?? message?.reasoning ?? '',
    toolCalls,
    // Some servers say 'stop' even when they return tool calls.
    finishReason: toolCalls.length > 0 && reason === 'stop' ? 'tool_calls' : reason,
    usage: toUsage(completion.usage),
  }
}

/** The text, reasoning and tool-call deltas in one chunk (finish is emitted by the caller). */
export function chunkDeltas(chunk: CompletionChunk): ModelDelta[] {
  const delta = chunk.choices?.[0]?.delta
  if (!delta) return []
  const out: ModelDelta[] = []
  const reasoning = delta.reasoning_content ?? delta.reasoning
  if (reasoning) out.push({ type: 'reasoning', text: reasoning })
  if (delta.content) out.push({ type: 'text', text: delta.content })
  for (const [position, call] of (delta.tool_calls ?? []).entries()) {
    out.push({
      type: 'tool_call',
      index: call.index ?? position,
      ...(call.id ? { id: call.id } : {}),
      ...(call.function?.name ? { name: call.function.name } : {}),
      argumentsDelta: call.function?.arguments ?? '',
    })
  }
  return out
}

/** Reads one stream's chunks in order and remembers what the final finish delta needs. */
export class ChunkReader {
  private reason: FinishReason | undefined
  private usage: TokenUsage | undefined
  private sawToolCall = false

  constructor(private readonly provider: string) {}

  read(raw: unknown): ModelDelta[] {
    const chunk = chunkSchema.safeParse(raw)
    if (!chunk.success) {
      throw new ProviderError(this.provider, 'Malformed stream chunk from the model provider', {
        cause: chunk.error,
      })
    }
    const finish = chunk.data.choices?.[0]?.finish_reason
    if (finish) this.reason = toFinishReason(finish)
    // With include_usage, usage arrives in a last chunk whose choices are empty.
    if (chunk.data.usage) this.usage = toUsage(chunk.data.usage)
    const deltas = chunkDeltas(chunk.data)
    this.sawToolCall ||= deltas.some((d) => d.type === 'tool_call')
    return deltas
  }

  finish(): ModelDelta {
    return finishDelta(this.reason, this.usage, this.sawToolCall)
  }
}

/** The closing delta; some servers say 'stop' (or nothing) after streaming tool calls. */
export function finishDelta(
  reason: FinishReason | undefined,
  usage: TokenUsage | undefined,
  sawToolCall: boolean,
): ModelDelta {
  const stated = reason ?? 'stop'
  const final = sawToolCall && stated === 'stop' ? 'tool_calls' : stated
  return { type: 'finish', reason: final, ...(usage ? { usage } : {}) }
}
