// /v1's `usage`: the sum of what the upstream model calls of one answer reported. A call whose
// provider reports nothing (or that failed midway through its answer) is counted with the
// tokenizer instead, and the `quire.usage` note says how many were counted that way. A call
// that failed before answering anything is not counted at all.
import {
  countTokens,
  type ChatModel,
  type ChatModels,
  type ModelDelta,
  type ModelRequest,
  type TokenUsage,
} from '../llm'

export interface CompletionUsage {
  prompt_tokens: number
  completion_tokens: number
  total_tokens: number
}

export interface UsageNote {
  /** Upstream model calls that answered (whole, or part of a stream before it failed). */
  calls: number
  /** Of those, calls whose usage was counted with the tokenizer (the provider reported none). */
  counted: number
}

export interface UsageMeter {
  /** The same models, metered. */
  models: ChatModels | null
  usage(): CompletionUsage
  note(): UsageNote
}

const promptTokens = (request: ModelRequest) =>
  request.messages.reduce((n, message) => n + countTokens(message.content), 0)

export function meterUsage(models: ChatModels | null): UsageMeter {
  const total = { prompt: 0, completion: 0, calls: 0, counted: 0 }
  const add = (request: ModelRequest, reported: TokenUsage | undefined, output: string) => {
    total.calls += 1
    if (reported) {
      total.prompt += reported.promptTokens
      total.completion += reported.completionTokens
      return
    }
    total.counted += 1
    total.prompt += promptTokens(request)
    total.completion += countTokens(output)
  }
  const meter = (model: ChatModel): ChatModel => ({
    model: model.model,
    contextTokens: model.contextTokens,
    async complete(request, signal) {
      const response = await model.complete(request, signal)
      add(request, response.usage, response.text)
      return response
    },
    async *stream(request, signal): AsyncIterable<ModelDelta> {
      let output = ''
      let reported: TokenUsage | undefined
      try {
        for await (const delta of model.stream(request, signal)) {
          if (delta.type === 'text') output += delta.text
          if (delta.type === 'finish') reported = delta.usage
          yield delta
        }
      } finally {
        if (reported || output) add(request, reported, output)
      }
    },
  })
  const metered = models && { main: meter(models.main), fast: meter(models.fast) }
  return {
    models: metered,
    usage: () => ({
      prompt_tokens: total.prompt,
      completion_tokens: total.completion,
      total_tokens: total.prompt + total.completion,
    }),
    note: () => ({ calls: total.calls, counted: total.counted }),
  }
}
