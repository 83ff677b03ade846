// ChatModel over the Workers AI binding (env.AI.run): whole results, and SSE streams parsed
// with eventsource-parser. No API keys here, so no key fallback; errors become AppErrors.
import { ProviderError, QuotaExhaustedError, type AppError } from '../errors'
import { abortError, CallControl, throwIfAborted, untilAborted } from './abort'
import type {
  ChatModel,
  FinishReason,
  ModelDelta,
  ModelRequest,
  ModelResponse,
  TokenUsage,
} from './chat-model'
import { finishDelta, toFinishReason } from './openai-response'
import { sseData } from './sse'
import { guardedNext } from './stream-guard'
import { eventDeltas, toResponse, toWorkersAiInputs } from './workers-ai-wire'

const PROVIDER = 'workers-ai'
const ABORTED: ModelDelta = { type: 'finish', reason: 'aborted' }

/** The one method of the AI binding this adapter uses. */
export interface AiRunner {
  run(
    model: string,
    inputs: Record<string, unknown>,
    options?: { signal?: AbortSignal },
  ): Promise<unknown>
}

export interface WorkersAiChatOptions {
  ai: AiRunner
  model: string
  contextTokens: number
  timeoutMs: number
}

/** Workers AI errors carry no status; their text is all there is (e.g. "4006: daily free allocation"). */
export function toWorkersAiError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error)
  if (/quota|allocation|neurons|rate.?limit|\b429\b/i.test(message)) {
    return new QuotaExhaustedError('Workers AI quota exhausted', { cause: error })
  }
  const retryable = /capacity|timed? ?out|internal|overloaded|unavailable/i.test(message)
  return new ProviderError(PROVIDER, `Workers AI call failed: ${message}`, {
    cause: error,
    retryable,
  })
}

export class WorkersAiChatModel implements ChatModel {
  readonly model: string
  readonly contextTokens: number
  private readonly ai: AiRunner
  private readonly timeoutMs: number

  constructor(options: WorkersAiChatOptions) {
    this.ai = options.ai
    this.model = options.model
    this.contextTokens = options.contextTokens
    this.timeoutMs = options.timeoutMs
  }

  async complete(request: ModelRequest, signal?: AbortSignal): Promise<ModelResponse> {
    throwIfAborted(signal)
    const control = new CallControl(signal)
    try {
      const response = toResponse(await this.run(request, false, control))
      if (!response) throw new ProviderError(PROVIDER, 'Unexpected Workers AI result shape')
      return response
    } finally {
      control.dispose()
    }
  }

  /** Ends with {type:'finish', reason:'aborted'} (no throw) when the signal fires. */
  async *stream(request: ModelRequest, signal?: AbortSignal): AsyncIterable<ModelDelta> {
    if (signal?.aborted) {
      yield ABORTED
      return
    }
    const control = new CallControl(signal)
    try {
      const output = await this.run(request, true, control).catch((error: unknown) => {
        if (control.isCallerAbort) return ABORTED
        throw error
      })
      if (output === ABORTED) {
        yield ABORTED
        return
      }
      if (!(output instanceof ReadableStream))
        throw new ProviderError(PROVIDER, 'Workers AI did not stream')
      yield* this.readEvents(sseData(output, control.signal), control)
    } finally {
      control.dispose()
    }
  }

  /** One ai.run call bounded by the timeout; the binding may ignore signals, so we race it. */
  private async run(
    request: ModelRequest,
    stream: boolean,
    control: CallControl,
  ): Promise<unknown> {
    // As for fetch: the binding's signal covers the call, not the stream it returns.
    const requestPhase = new CallControl(control.signal)
    try {
      return await control.within(this.timeoutMs, () =>
        untilAborted(
          this.ai.run(this.model, toWorkersAiInputs(request, stream), {
            signal: requestPhase.signal,
          }),
          control.signal,
        ),
      )
    } catch (error) {
      if (control.isCallerAbort) throw abortError()
      if (control.timedOut) {
        throw new ProviderError(PROVIDER, `Workers AI timed out after ${this.timeoutMs} ms`, {
          retryable: true,
        })
      }
      throw toWorkersAiError(error)
    } finally {
      requestPhase.release()
    }
  }

  private async *readEvents(
    events: AsyncGenerator<string>,
    control: CallControl,
  ): AsyncGenerator<ModelDelta> {
    let usage: TokenUsage | undefined
    let reason: FinishReason | undefined
    let sawToolCall = false
    for (;;) {
      const next = await guardedNext(events, control.signal, this.timeoutMs)
      if (next.kind === 'done' || (next.kind === 'item' && next.value === '[DONE]')) break
      if (next.kind !== 'item') {
        control.expire()
        if (next.kind === 'idle-timeout') {
          throw new ProviderError(PROVIDER, `Workers AI stream stalled for ${this.timeoutMs} ms`, {
            retryable: true,
          })
        }
        yield ABORTED
        return
      }
      const parsed = eventDeltas(safeJson(next.value))
      if (parsed.usage) usage = parsed.usage
      if (parsed.finish) reason = toFinishReason(parsed.finish)
      sawToolCall ||= parsed.deltas.some((d) => d.type === 'tool_call')
      yield* parsed.deltas
    }
    yield finishDelta(reason, usage, sawToolCall)
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
