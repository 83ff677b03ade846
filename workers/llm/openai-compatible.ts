// ChatModel over any OpenAI-compatible endpoint through the openai SDK: whole and streamed
// completions, tools, JSON-schema output, a primary + fallback key (seed 004), timeouts, abort.
import OpenAI, { APIError } from 'openai'
import { ProviderError, QuotaExhaustedError } from '../errors'
import { abortError, CallControl, isAbortError, throwIfAborted, untilAborted } from './abort'
import type { ChatModel, ModelDelta, ModelRequest, ModelResponse } from './chat-model'
import { toWireRequest, type JsonMode, type WireRequest } from './openai-request'
import { ChunkReader, completionSchema, toModelResponse } from './openai-response'
import { idleTimeoutError, isBadRequest, isQuotaError, toProviderError } from './provider-errors'
import { sseData } from './sse'
import { guardedNext } from './stream-guard'

const PROVIDER = 'openai-compatible'
const ABORTED: ModelDelta = { type: 'finish', reason: 'aborted' }

export interface OpenAiChatOptions {
  baseUrl: string
  /** Local servers (Ollama, llama.cpp) need none; a placeholder is sent then. */
  apiKey?: string
  /** Tried once with the same request when the primary key is out of quota. */
  fallbackApiKey?: string
  model: string
  contextTokens: number
  /** Limit for the response headers, and for silence between streamed chunks. */
  timeoutMs: number
}

export class OpenAiCompatibleChatModel implements ChatModel {
  readonly model: string
  readonly contextTokens: number
  private readonly clients: OpenAI[]
  private readonly timeoutMs: number
  /** Flips to json_object once the server has refused json_schema and accepted json_object. */
  private jsonMode: JsonMode = 'json_schema'

  constructor(options: OpenAiChatOptions) {
    this.model = options.model
    this.contextTokens = options.contextTokens
    this.timeoutMs = options.timeoutMs
    const keys = [options.apiKey ?? 'no-key', options.fallbackApiKey].filter(
      (k): k is string => !!k,
    )
    // maxRetries 0: retries are ours (key fallback here, queue/turn retries above).
    this.clients = keys.map(
      (apiKey) =>
        new OpenAI({ apiKey, baseURL: options.baseUrl, maxRetries: 0, timeout: options.timeoutMs }),
    )
  }

  async complete(request: ModelRequest, signal?: AbortSignal): Promise<ModelResponse> {
    throwIfAborted(signal)
    try {
      return await this.withKeys((client) => this.completeWith(client, request, signal))
    } catch (error) {
      if (signal?.aborted || isAbortError(error)) throw abortError(signal)
      throw error
    }
  }

  /** Ends with {type:'finish', reason:'aborted'} (no throw) when the signal fires. */
  async *stream(request: ModelRequest, signal?: AbortSignal): AsyncIterable<ModelDelta> {
    const control = new CallControl(signal)
    try {
      yield* this.streamWithKeys(request, control)
    } finally {
      control.dispose()
    }
  }

  private async completeWith(client: OpenAI, request: ModelRequest, signal?: AbortSignal) {
    // The SDK's timeout ends when headers arrive: a server that then sends no body would hold
    // the call forever, so the whole call gets the deadline. As in streamOnce, the SDK's
    // signal covers the request phase only; a late body read is abandoned and its body
    // cancelled, never the fetch aborted mid-read (workerd#501).
    const control = new CallControl(signal)
    try {
      const raw = await control.within(this.timeoutMs, async () => {
        const requestPhase = new CallControl(control.signal)
        const response = await this.withJsonFallback(request, (wire) =>
          client.chat.completions
            .create({ ...wire, stream: false }, { signal: requestPhase.signal })
            .asResponse(),
        ).finally(() => requestPhase.release())
        return untilAborted(response.json(), control.signal).catch((error: unknown) => {
          void response.body?.cancel().catch(() => undefined)
          throw error
        })
      })
      const parsed = completionSchema.safeParse(raw)
      if (!parsed.success) {
        throw new ProviderError(PROVIDER, 'Malformed completion from the model provider', {
          cause: parsed.error,
        })
      }
      return toModelResponse(parsed.data)
    } catch (error) {
      if (!control.timedOut) throw error
      throw new ProviderError(PROVIDER, `Model request timed out after ${this.timeoutMs} ms`, {
        retryable: true,
      })
    } finally {
      control.release()
    }
  }

  /** Many compatible servers lack json_schema: on a 400, retry once with json_object. */
  private async withJsonFallback<T>(
    request: ModelRequest,
    send: (wire: WireRequest) => Promise<T>,
  ) {
    if (!request.jsonSchema || this.jsonMode === 'json_object') {
      return send(toWireRequest(this.model, request, this.jsonMode))
    }
    try {
      return await send(toWireRequest(this.model, request, 'json_schema'))
    } catch (error) {
      if (!isBadRequest(error)) throw error
      const result = await send(toWireRequest(this.model, request, 'json_object'))
      this.jsonMode = 'json_object'
      return result
    }
  }

  /** Seed 004: primary key, then the fallback key on quota errors, then QuotaExhaustedError. */
  private async withKeys<T>(call: (client: OpenAI) => Promise<T>): Promise<T> {
    let quotaError: unknown
    for (const client of this.clients) {
      try {
        return await call(client)
      } catch (error) {
        if (isAbortError(error) || !isQuotaError(error)) throw this.wrap(error)
        quotaError = error
      }
    }
    throw new QuotaExhaustedError(undefined, { cause: quotaError })
  }

  /** The key fallback applies only while nothing has been yielded: a partial answer stands. */
  private async *streamWithKeys(
    request: ModelRequest,
    control: CallControl,
  ): AsyncGenerator<ModelDelta> {
    let quotaError: unknown
    for (const client of this.clients) {
      let started = false
      try {
        for await (const delta of this.streamOnce(client, request, control)) {
          started = true
          yield delta
        }
        return
      } catch (error) {
        if (control.isCallerAbort || isAbortError(error)) {
          yield ABORTED
          return
        }
        if (started || !isQuotaError(error)) throw this.wrap(error)
        quotaError = error
      }
    }
    throw new QuotaExhaustedError(undefined, { cause: quotaError })
  }

  private async *streamOnce(
    client: OpenAI,
    request: ModelRequest,
    control: CallControl,
  ): AsyncGenerator<ModelDelta> {
    // The SDK's signal covers the request until headers arrive; after that, sseData alone
    // stops the body (aborting the fetch mid-read would trip workerd#501).
    const requestPhase = new CallControl(control.signal)
    const response = await this.withJsonFallback(request, (wire) =>
      client.chat.completions
        .create(
          { ...wire, stream: true, stream_options: { include_usage: true } },
          { signal: requestPhase.signal },
        )
        .asResponse(),
    ).finally(() => requestPhase.release())
    if (!response.body) throw new ProviderError(PROVIDER, 'Model stream had no body')
    const events = sseData(response.body, control.signal)
    const reader = new ChunkReader(PROVIDER)
    for (;;) {
      const next = await guardedNext(events, control.signal, this.timeoutMs)
      if (next.kind === 'done' || (next.kind === 'item' && next.value === '[DONE]')) break
      if (next.kind === 'item') {
        yield* reader.read(parseEvent(next.value))
        continue
      }
      control.expire() // ends sseData's read loop
      if (next.kind === 'idle-timeout') throw idleTimeoutError(PROVIDER, this.timeoutMs)
      yield ABORTED
      return
    }
    yield control.isCallerAbort ? ABORTED : reader.finish()
  }

  private wrap(error: unknown) {
    return isAbortError(error)
      ? error
      : toProviderError(PROVIDER, error, { timeoutMs: this.timeoutMs })
  }
}

/** One SSE payload; an `{error}` event becomes the SDK's APIError so quota detection sees it. */
function parseEvent(data: string): unknown {
  let value: unknown
  try {
    value = JSON.parse(data)
  } catch (error) {
    throw new ProviderError(PROVIDER, 'Model stream sent invalid JSON', { cause: error })
  }
  if (value && typeof value === 'object' && 'error' in value && value.error) {
    throw new APIError(undefined, value.error, undefined, undefined)
  }
  return value
}
