// ModelRequest -> the OpenAI chat-completions wire format (messages, tools, response_format).
// Kept free of the SDK client so the fake-server tests can assert the exact body we send.
import type { ModelMessage, ModelRequest, ToolSpec } from './chat-model'

export type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string }

interface WireToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

export type JsonMode = 'json_schema' | 'json_object'

export interface WireRequest {
  model: string
  messages: WireMessage[]
  tools?: {
    type: 'function'
    function: { name: string; description: string; parameters: Record<string, unknown> }
  }[]
  temperature?: number
  max_tokens?: number
  response_format?:
    | {
        type: 'json_schema'
        json_schema: { name: string; schema: Record<string, unknown>; strict: false }
      }
    | { type: 'json_object' }
}

export function toWireMessage(message: ModelMessage): WireMessage {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content }
    case 'assistant': {
      if (!message.toolCalls?.length) return { role: 'assistant', content: message.content }
      // OpenAI wants null (not '') content beside tool calls.
      return {
        role: 'assistant',
        content: message.content || null,
        tool_calls: message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      }
    }
  }
}

function toWireTool(tool: ToolSpec) {
  return {
    type: 'function' as const,
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }
}

/** OpenAI restricts schema names to [a-zA-Z0-9_-]{1,64}. */
function schemaName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'response'
}

/**
 * json_object mode cannot carry the schema, and OpenAI refuses it unless a message mentions
 * JSON; a system note states both. Merged into a leading system message because some
 * compatible servers accept only one system message, first.
 */
function addJsonObjectHint(messages: WireMessage[], schema: Record<string, unknown>): void {
  const hint = `Reply with one JSON object only, matching this JSON Schema:\n${JSON.stringify(schema)}`
  const first = messages[0]
  if (first?.role === 'system')
    messages[0] = { role: 'system', content: `${first.content}\n\n${hint}` }
  else messages.unshift({ role: 'system', content: hint })
}

export function toWireRequest(
  model: string,
  request: ModelRequest,
  jsonMode: JsonMode,
): WireRequest {
  const wire: WireRequest = { model, messages: request.messages.map(toWireMessage) }
  if (request.tools?.length) wire.tools = request.tools.map(toWireTool)
  if (request.temperature !== undefined) wire.temperature = request.temperature
  if (request.maxTokens !== undefined) wire.max_tokens = request.maxTokens
  const json = request.jsonSchema
  if (json && jsonMode === 'json_schema') {
    wire.response_format = {
      type: 'json_schema',
      json_schema: { name: schemaName(json.name), schema: json.schema, strict: false },
    }
  } else if (json) {
    wire.response_format = { type: 'json_object' }
    addJsonObjectHint(wire.messages, json.schema)
  }
  return wire
}
