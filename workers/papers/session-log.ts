// The seed's SessionLogger for one request: the RAG chunks retrieved (scores, metadata), every
// embedding call and every model call (prompt, completion, cl100k token counts, latency), and
// the request's token metrics. Entries are collected here, then stored by log-store.ts.
import {
  countTokens,
  type ChatModel,
  type ChatModels,
  type ModelDelta,
  type ModelRequest,
} from '../llm'
import type { Embedder, RetrievedChunk } from '../retrieval'

export type LogMode = 'paper_brain' | 'multi_paper_rag'

export interface LogEntry {
  kind: 'rag_chunk' | 'embedding' | 'llm' | 'request'
  body: Record<string, unknown>
}

const PREVIEW = 300

export interface RequestMetrics {
  prompt_tokens: number
  chunk_tokens: number
  completion_tokens: number
  latency_ms: Record<string, number>
}

export class PaperLog {
  readonly entries: LogEntry[] = []
  private readonly started: number

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
  }): { prompt_tokens: number; completion_tokens: number } {
    const tokens = {
      prompt_tokens: countTokens(call.prompt),
      completion_tokens: countTokens(call.completion),
    }
    this.add('llm', {
      model: call.model,
      purpose: call.purpose,
      prompt: call.prompt,
      completion: call.completion,
      ...tokens,
      total_tokens: tokens.prompt_tokens + tokens.completion_tokens,
      latency_ms: call.latencyMs,
      ...(call.error ? { error: call.error } : {}),
    })
    return tokens
  }

  /** The request's token metrics, with the total latency since the log began. */
  request(
    metrics: Omit<RequestMetrics, 'latency_ms'> & { latency_ms?: Record<string, number> },
  ): RequestMetrics {
    const full = {
      ...metrics,
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
        log.llm({ ...entry, completion: response.text, latencyMs: now() - started })
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
      try {
        for await (const delta of model.stream(request, signal)) {
          if (delta.type === 'text') text += delta.text
          yield delta
        }
      } finally {
        const entry = { model: model.model, purpose, prompt: promptOf(request), completion: text }
        log.llm({ ...entry, latencyMs: now() - started })
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
