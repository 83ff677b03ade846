// Workers AI's two output shapes, parsed with zod: the native one ({response, tool_calls,
// usage}) and the OpenAI one ({choices}) that newer models emit, whole or as SSE events.
import { z } from 'zod'
import type { ModelDelta, ModelRequest, ModelResponse, ToolCall } from './chat-model'
import { toWireMessage } from './openai-request'
import {
  chunkDeltas,
  chunkSchema,
  completionSchema,
  toModelResponse,
  toUsage,
} from './openai-response'

/** A native tool call is whole ({name, arguments: object}); streamed ones come in OpenAI fragments. */
const nativeToolCallSchema = z.object({
  index: z.number().int().nonnegative().nullish(),
  id: z.string().nullish(),
  name: z.string().nullish(),
  arguments: z.unknown().optional(),
  function: z.object({ name: z.string().nullish(), arguments: z.unknown().optional() }).nullish(),
})

const usageSchema = z
  .object({ prompt_tokens: z.number().nullish(), completion_tokens: z.number().nullish() })
  .nullish()

const nativeSchema = z.object({
  response: z.unknown().optional(),
  tool_calls: z.array(nativeToolCallSchema).nullish(),
  usage: usageSchema,
})

export function toWorkersAiInputs(request: ModelRequest, stream: boolean): Record<string, unknown> {
  const inputs: Record<string, unknown> = { messages: request.messages.map(toWireMessage), stream }
  if (request.tools?.length) {
    inputs.tools = request.tools.map((t) => ({
      type: 'function',
      function: { name: t.name, description: t.description, parameters: t.parameters },
    }))
  }
  if (request.temperature !== undefined) inputs.temperature = request.temperature
  if (request.maxTokens !== undefined) inputs.max_tokens = request.maxTokens
  // Workers AI JSON mode takes the bare schema (and does not stream).
  if (request.jsonSchema)
    inputs.response_format = { type: 'json_schema', json_schema: request.jsonSchema.schema }
  return inputs
}

function argumentsText(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}

function nativeToolDeltas(calls: z.infer<typeof nativeToolCallSchema>[]): ModelDelta[] {
  const out: ModelDelta[] = []
  for (const [position, call] of calls.entries()) {
    const name = call.function?.name ?? call.name ?? undefined
    const args = argumentsText(call.function?.arguments ?? call.arguments)
    // A trailing {id:null, function:{name:null}} entry only closes the call.
    if (!call.id && !name && !args) continue
    out.push({
      type: 'tool_call',
      index: call.index ?? position,
      ...(call.id ? { id: call.id } : {}),
      ...(name ? { name } : {}),
      argumentsDelta: args,
    })
  }
  return out
}

/** Deltas and usage from one streamed event, in either shape. */
export function eventDeltas(event: unknown): {
  deltas: ModelDelta[]
  usage?: ReturnType<typeof toUsage>
  finish?: string
} {
  const openAi = chunkSchema.safeParse(event)
  if (openAi.success && openAi.data.choices?.length) {
    return {
      deltas: chunkDeltas(openAi.data),
      usage: toUsage(openAi.data.usage),
      finish: openAi.data.choices[0]?.finish_reason ?? undefined,
    }
  }
  const native = nativeSchema.safeParse(event)
  if (!native.success) return { deltas: [] }
  const deltas: ModelDelta[] = []
  const text = native.data.response
  if (typeof text === 'string' && text) deltas.push({ type: 'text', text })
  deltas.push(...nativeToolDeltas(native.data.tool_calls ?? []))
  return { deltas, usage: toUsage(native.data.usage) }
}

/** A whole (non-streamed) result in either shape; null when it is neither. */
export function toResponse(output: unknown): ModelResponse | null {
  const openAi = completionSchema.safeParse(output)
  if (openAi.success) return toModelResponse(openAi.data)
  const native = nativeSchema.safeParse(output)
  if (!native.success) return null
  const response = native.data.response
  const toolCalls: ToolCall[] = nativeToolDeltas(native.data.tool_calls ?? []).flatMap((d, i) =>
    d.type === 'tool_call'
      ? [{ id: d.id ?? `call_${i}`, name: d.name ?? '', arguments: d.argumentsDelta }]
      : [],
  )
  return {
    // JSON mode returns the parsed object in `response`.
    text: typeof response === 'string' ? response : argumentsText(response),
    reasoning: '',
    toolCalls,
    finishReason: toolCalls.length ? 'tool_calls' : 'stop',
    ...(native.data.usage ? { usage: toUsage(native.data.usage) } : {}),
  }
}
