// Worker-side helpers for the scripted fake OpenAI-compatible server (test/node/fake-openai-server.ts).
//
// Usage (any project; the server runs in both):
//   const fake = await scriptFake([{ reply: 'Hello there', chunks: 2 }, { status: 429 }])
//   const model = makeTestModel()                  // the real openai-compatible adapter
//   await model.complete({ messages: [{ role: 'user', content: `${fake.marker} hi` }] })
//   const [first] = await fake.requests()          // exact body sent; .messages decoded back
// A request follows script `fake.key` when any message (or embeddings input) contains
// `fake.marker`; each request consumes one step; unmarked requests get a deterministic reply.
// Step kinds: see FakeStep in test/node/fake-openai/steps.ts (reply, reasoning, toolCalls,
// json, raw, status/error, delayMs, chunkDelayMs, hang, requireKey, finishReason, usage).
// Online projects' env already points LLM_BASE_URL at the fake (keys 'primary-key'/'fallback-key').
import { inject } from 'vitest'
import { z } from 'zod'
import type { ChatModel, ChatModels, LanguageModelInput, ModelMessage } from '../../workers/llm'
import { OpenAiCompatibleChatModel } from '../../workers/llm'
import type { Embedder } from '../../workers/retrieval'
import { createOpenAiEmbedder } from '../../workers/retrieval/embedders/openai-compatible'
import { markerFor, type FakeStep, type RecordedRequest } from '../node/fake-openai/steps'

export type { FakeStep } from '../node/fake-openai/steps'

declare module 'vitest' {
  export interface ProvidedContext {
    fakeLlmUrl: string
    fakeHosts: string
  }
}

export const PRIMARY_KEY = 'primary-key'
export const FALLBACK_KEY = 'fallback-key'

/** The fake's root URL, e.g. http://127.0.0.1:41234 (the OpenAI base URL is this + '/v1'). */
export function fakeLlmUrl(): string {
  return inject('fakeLlmUrl')
}

export interface FakeRequest extends RecordedRequest {
  /** Chat requests' messages decoded back into LanguageModelInput ([] for embeddings). */
  messages: LanguageModelInput
}

export interface ScriptedFake {
  key: string
  /** Put this string in any message to route the request to this script. */
  marker: string
  /** Every request that matched this script, in arrival order. */
  requests(): Promise<FakeRequest[]>
}

const wireToolCall = z.object({
  id: z.string(),
  function: z.object({ name: z.string(), arguments: z.string() }),
})
const wireContent = z
  .union([z.string(), z.null(), z.array(z.object({ text: z.string().optional() }))])
  .transform((c) => (Array.isArray(c) ? c.map((p) => p.text ?? '').join('') : (c ?? '')))
const wireMessage = z.discriminatedUnion('role', [
  z.object({ role: z.enum(['system', 'user']), content: wireContent }),
  z.object({
    role: z.literal('assistant'),
    content: wireContent.optional(),
    tool_calls: z.array(wireToolCall).optional(),
  }),
  z.object({ role: z.literal('tool'), tool_call_id: z.string(), content: wireContent }),
])

function toModelMessage(wire: z.infer<typeof wireMessage>): ModelMessage {
  if (wire.role === 'tool')
    return { role: 'tool', toolCallId: wire.tool_call_id, content: wire.content }
  if (wire.role !== 'assistant') return { role: wire.role, content: wire.content }
  const toolCalls = wire.tool_calls?.map((c) => ({
    id: c.id,
    name: c.function.name,
    arguments: c.function.arguments,
  }))
  return { role: 'assistant', content: wire.content ?? '', ...(toolCalls ? { toolCalls } : {}) }
}

const recordedSchema = z.array(
  z.object({
    path: z.string(),
    authorization: z.string().nullable(),
    body: z.record(z.string(), z.unknown()),
  }),
)

/**
 * A control call to the fake, tried once more when the connection (not the fake) failed: a
 * pooled loopback socket can still be reset under load. Both calls are safe to repeat: reading
 * the record changes nothing, and a script registered by a lost first try is never used.
 */
async function controlFetch(path: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(`${fakeLlmUrl()}${path}`, init)
  } catch {
    return fetch(`${fakeLlmUrl()}${path}`, init)
  }
}

async function fetchRequests(key: string): Promise<FakeRequest[]> {
  const res = await controlFetch(`/__requests?key=${encodeURIComponent(key)}`)
  return recordedSchema.parse(await res.json()).map((request) => ({
    ...request,
    messages: z
      .array(wireMessage)
      .catch([])
      .parse(request.body.messages ?? [])
      .map(toModelMessage),
  }))
}

/** Registers a script; steps answer matching requests one by one, in order. */
export async function scriptFake(steps: FakeStep[]): Promise<ScriptedFake> {
  const res = await controlFetch('/__scripts', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ steps }),
  })
  if (!res.ok) throw new Error(`scriptFake refused the script: ${res.status} ${await res.text()}`)
  const { key } = z.object({ key: z.string() }).parse(await res.json())
  return { key, marker: markerFor(key), requests: () => fetchRequests(key) }
}

export interface TestModelOptions {
  model?: string
  apiKey?: string
  /** null = no fallback key. */
  fallbackApiKey?: string | null
  timeoutMs?: number
  contextTokens?: number
}

/** The real OpenAI-compatible adapter pointed at the fake. */
export function makeTestModel(options: TestModelOptions = {}): ChatModel {
  return new OpenAiCompatibleChatModel({
    baseUrl: `${fakeLlmUrl()}/v1`,
    apiKey: options.apiKey ?? PRIMARY_KEY,
    fallbackApiKey:
      options.fallbackApiKey === null ? undefined : (options.fallbackApiKey ?? FALLBACK_KEY),
    model: options.model ?? 'fake-main',
    contextTokens: options.contextTokens ?? 128_000,
    timeoutMs: options.timeoutMs ?? 10_000,
  })
}

/** main + fast models against the fake, for building Deps by hand. */
export function makeTestModels(options: TestModelOptions = {}): ChatModels {
  return { main: makeTestModel(options), fast: makeTestModel({ model: 'fake-fast', ...options }) }
}

/** The real OpenAI-compatible embedder against the fake (deterministic word-hash vectors). */
export function makeTestEmbedder(options: { dimensions?: number; model?: string } = {}): Embedder {
  return createOpenAiEmbedder({
    baseUrl: `${fakeLlmUrl()}/v1`,
    apiKey: PRIMARY_KEY,
    model: options.model ?? 'fake-embed',
    dimensions: options.dimensions ?? 384,
  })
}
