// The seed's SessionLogger for one request: the RAG chunks retrieved (scores, metadata), every
// embedding call and every model call (prompt, completion, tokens, latency), and the request's
// token metrics: the sums of its model calls. A call's tokens are what the provider reported;
// where it reported none they are counted with the project's tokenizer (cl100k), and each entry
// says which (`tokens_from`). Entries are collected here, then stored by log-store.ts.
import {
  countTokens,
  type ChatModel,
  type ChatModels,
  type ModelDelta,
  type ModelRequest,
  type TokenUsage,
} from '../llm'
import type { Embedder, RetrievedChunk } from '../retrieval'

export type LogMode = 'paper_brain' | 'multi_paper_rag'

export interface LogEntry {
  kind: 'rag_chunk' | 'embedding' | 'llm' | 'request'
  body: Record<string, unknown>
}

const PREVIEW = 300

/** Where a count came from: the provider's reported usage, or the project's tokenizer. */
export type TokensFrom = 'provider' | 'tokenizer'

export interface RequestMetrics {
  /** Summed over the request's model calls. */
  prompt_tokens: number
  chunk_tokens: number
  completion_tokens: number
  /** How the model calls' counts were made (empty: no model call). */
  tokens_from: TokensFrom[]
  latency_ms: Record<string, number>
}

export class PaperLog {
  readonly entries: LogEntry[] = []
  private readonly started: number
  private readonly spent = { prompt_tokens: 0, completion_tokens: 0 }
  private readonly tokensFrom = new Set<TokensFrom>()

  constructor(
    readonly mode: LogMode,
    readonly query: string,
    private readonly now: () => number,
  ) {
    this.started = now()
  }

  private add(kind: LogEntry['kind'], body: Record<string, unknown>): void {
    const at = new Date(this.now()).toISOString()
    this.entries.push({
      kind,
      body: { timestamp: at, mode: this.mode, query: this.query, ...body },
    })
  }

  chunks(chunks: RetrievedChunk[]): number {
    let total = 0
    chunks.forEach((chunk, index) => {
      const tokens = countTokens(chunk.content)
      total += tokens
      this.add('rag_chunk', {
        index,
        score: chunk.score,
        paper_title: chunk.title,
        page: chunk.page,
        chunk_id: chunk.chunkId,
        token_count: tokens,
        preview: chunk.content.slice(0, PREVIEW),
        metadata: { paper_key: chunk.paperKey, kind: chunk.kind, year: chunk.year, url: chunk.url },
      })
    })
    return total
  }

  embedding(model: string, texts: string[], latencyMs: number, error?: string): void {
    this.add('embedding', {
      model,
      input_count: texts.length,
      token_count: texts.reduce((sum, t) => sum + countTokens(t), 0),
      inputs: texts.slice(0, 20).map((t) => t.slice(0, PREVIEW)),
      latency_ms: latencyMs,
      ...(error ? { error } : {}),
    })
  }

  llm(call: {
    model: string
    purpose: string
    prompt: string
    completion: string
    latencyMs: number
    error?: string
    /** The provider's reported usage; absent, the tokenizer counts prompt and completion. */
    usage?: TokenUsage
  }): void {
    const tokensFrom: TokensFrom = call.usage ? 'provider' : 'tokenizer'
    const tokens = {
      prompt_tokens: call.usage?.promptTokens ?? countTokens(call.prompt),
      completion_tokens: call.usage?.completionTokens ?? countTokens(call.completion),
    }
    this.spent.prompt_tokens += tokens.prompt_tokens
    this.spent.completion_tokens += tokens.completion_tokens
    this.tokensFrom.add(tokensFrom)
    this.add('llm', {
      model: call.model,
      purpose: call.purpose,
      prompt: call.prompt,
      completion: call.completion,
      ...tokens,
      total_tokens: tokens.prompt_tokens + tokens.completion_tokens,
      tokens_from: tokensFrom,
      latency_ms: call.latencyMs,
      ...(call.error ? { error: call.error } : {}),
    })
  }

  /**
   * The request's metrics: the tokens of every model call logged so far, the retrieved chunks'
   * tokens, and the latencies given plus the total since the log began.
   */
  request(metrics: { chunk_tokens: number; latency_ms?: Record<string, number> }): RequestMetrics {
    const full: RequestMetrics = {
      ...this.spent,
      chunk_tokens: metrics.chunk_tokens,
      tokens_from: [...this.tokensFrom].sort(),
      latency_ms: { ...metrics.latency_ms, total: this.now() - this.started },
    }
    this.add('request', { ...full })
    return full
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** The embedder, with each call logged (inputs, tokens, latency). */
export function loggingEmbedder(embedder: Embedder, log: PaperLog, now: () => number): Embedder {
  return {
    id: embedder.id,
    dimensions: embedder.dimensions,
    ...(embedder.lexical !== undefined ? { lexical: embedder.lexical } : {}),
    async embed(texts, purpose, signal) {
      const started = now()
      try {
        const vectors = await embedder.embed(texts, purpose, signal)
        log.embedding(embedder.id, texts, now() - started)
        return vectors
      } catch (error) {
        log.embedding(embedder.id, texts, now() - started, errorText(error))
        throw error
      }
    },
  }
}

const promptOf = (request: ModelRequest) =>
  request.messages.map((m) => `${m.role}: ${m.content}`).join('\n\n')

export function loggingModel(
  model: ChatModel,
  purpose: string,
  log: PaperLog,
  now: () => number,
): ChatModel {
  return {
    model: model.model,
    contextTokens: model.contextTokens,
    async complete(request, signal) {
      const started = now()
      try {
        const response = await model.complete(request, signal)
        const entry = { model: model.model, purpose, prompt: promptOf(request) }
        const usage = response.usage ? { usage: response.usage } : {}
        log.llm({ ...entry, completion: response.text, latencyMs: now() - started, ...usage })
        return response
      } catch (error) {
        const entry = { model: model.model, purpose, prompt: promptOf(request), completion: '' }
        log.llm({ ...entry, latencyMs: now() - started, error: errorText(error) })
        throw error
      }
    },
    async *stream(request, signal): AsyncIterable<ModelDelta> {
      const started = now()
      let text = ''
      let usage: TokenUsage | undefined
      try {
        for await (const delta of model.stream(request, signal)) {
          if (delta.type === 'text') text += delta.text
          if (delta.type === 'finish' && delta.usage) usage = delta.usage
          yield delta
        }
      } finally {
        const entry = { model: model.model, purpose, prompt: promptOf(request), completion: text }
        log.llm({ ...entry, latencyMs: now() - started, ...(usage ? { usage } : {}) })
      }
    },
  }
}

/** The retrieval stage's models (variations, rerank), with each call logged. */
export function loggingModels(
  models: ChatModels | null,
  log: PaperLog,
  now: () => number,
): ChatModels | null {
  if (!models) return null
  return {
    main: loggingModel(models.main, 'retrieval', log, now),
    fast: loggingModel(models.fast, 'retrieval', log, now),
  }
}
