// Builds the fake's chat answer from a script step: the whole completion body, or the ordered
// SSE chunks of the same answer (role, reasoning, content, tool-call fragments, finish, usage).
import { createHash } from 'node:crypto'
import type { FakeStep } from './steps'

export interface ReplyPlan {
  content: string
  reasoning: string
  reasoningField: 'reasoning_content' | 'reasoning'
  toolCalls: { id: string; name: string; arguments: string }[]
  finishReason: string
  chunks: number
  /** null: the provider reports no usage. */
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null
}

const tokensIn = (text: string) => Math.ceil(text.length / 4)

/** The unscripted answer: deterministic in the last user message. */
export function defaultReply(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? body.messages : []
  const digest = createHash('sha256')
    .update(JSON.stringify(messages.at(-1) ?? null))
    .digest('hex')
  return `Fake model reply ${digest.slice(0, 8)}.`
}

export function planReply(
  step: FakeStep | undefined,
  body: Record<string, unknown>,
  key: string,
): ReplyPlan {
  const s = step ?? {}
  const hasOther = s.toolCalls !== undefined || s.reasoning !== undefined
  const content =
    s.raw ??
    (s.json !== undefined
      ? JSON.stringify(s.json)
      : (s.reply ?? (hasOther ? '' : defaultReply(body))))
  const toolCalls = (s.toolCalls ?? []).map((call, i) => ({
    id: `call_${key || 'fake'}_${i}`,
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  }))
  const prompt = tokensIn(JSON.stringify(body.messages ?? ''))
  const completion = tokensIn(
    content + (s.reasoning ?? '') + toolCalls.map((c) => c.arguments).join(''),
  )
  const usage =
    s.usage === null ? null : (s.usage ?? { prompt_tokens: prompt, completion_tokens: completion })
  return {
    content,
    reasoning: s.reasoning ?? '',
    reasoningField: s.reasoningField ?? 'reasoning_content',
    toolCalls,
    finishReason: s.finishReason ?? (toolCalls.length ? 'tool_calls' : 'stop'),
    chunks: s.chunks ?? 3,
    usage: usage && { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  }
}

function envelope(body: Record<string, unknown>, object: string) {
  return {
    id: `chatcmpl-fake-${Date.now().toString(36)}`,
    object,
    created: Math.floor(Date.now() / 1000),
    model: typeof body.model === 'string' ? body.model : 'fake',
  }
}

export function completionBody(plan: ReplyPlan, body: Record<string, unknown>) {
  const message: Record<string, unknown> = { role: 'assistant', content: plan.content }
  if (plan.reasoning) message[plan.reasoningField] = plan.reasoning
  if (plan.toolCalls.length) {
    message.tool_calls = plan.toolCalls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.name, arguments: c.arguments },
    }))
  }
  return {
    ...envelope(body, 'chat.completion'),
    choices: [{ index: 0, message, finish_reason: plan.finishReason, logprobs: null }],
    ...(plan.usage ? { usage: plan.usage } : {}),
  }
}

/** Splits text into at most `count` non-empty pieces of near-equal length. */
export function splitText(text: string, count: number): string[] {
  const n = Math.max(1, Math.min(count, text.length))
  if (!text) return []
  const size = Math.ceil(text.length / n)
  const pieces: string[] = []
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size))
  return pieces
}

function toolCallDeltas(plan: ReplyPlan): Record<string, unknown>[] {
  return plan.toolCalls.flatMap((call, index) => [
    { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
    ...splitText(call.arguments, 3).map((piece) => ({ index, function: { arguments: piece } })),
  ])
}

/** SSE `data:` payloads: `head` carries the answer, `tail` the finish and usage ([DONE] aside). */
export function streamChunks(plan: ReplyPlan, body: Record<string, unknown>, withUsage: boolean) {
  const base = envelope(body, 'chat.completion.chunk')
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    ...base,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  })
  const out: Record<string, unknown>[] = [chunk({ role: 'assistant', content: '' })]
  for (const piece of splitText(plan.reasoning, 2))
    out.push(chunk({ [plan.reasoningField]: piece }))
  for (const piece of splitText(plan.content, plan.chunks)) out.push(chunk({ content: piece }))
  for (const call of toolCallDeltas(plan)) out.push(chunk({ tool_calls: [call] }))
  const tail: Record<string, unknown>[] = [chunk({}, plan.finishReason)]
  if (withUsage && plan.usage) tail.push({ ...base, choices: [], usage: plan.usage })
  return { head: out, tail }
}
