// OpenAI `chat.completion.chunk` stream encoder (`data: {...}\n\n`, then `data: [DONE]\n\n`),
// with Sonar-style `citations` / `search_results` on every chunk once sources are known, and
// the `url_citation` annotations on the last delta.
import { z } from 'zod'
import {
  chatUrlAnnotationSchema,
  shiftAnnotation,
  toCitationFields,
  type ChatUrlAnnotation,
  type CitationFields,
} from './openai-citations'
import type { Packet } from './packets'

export interface CompletionMeta {
  id: string
  model: string
  /** Unix seconds. */
  created: number
}

interface ChunkDelta {
  role?: 'assistant'
  content?: string
  reasoning_content?: string
  annotations?: ChatUrlAnnotation[]
}

export interface ChatCompletionChunk extends Partial<CitationFields> {
  id: string
  object: 'chat.completion.chunk'
  created: number
  model: string
  choices: { index: 0; delta: ChunkDelta; finish_reason: 'stop' | null }[]
}

export function newCompletionMeta(model: string, now = Date.now()): CompletionMeta {
  return { id: `chatcmpl-${crypto.randomUUID()}`, model, created: Math.floor(now / 1000) }
}

function dataLine(value: unknown): string {
  return `data: ${JSON.stringify(value)}\n\n`
}

/** The `quire` object and `usage` a run's result may carry: they ride on the final chunk. */
function extensionOf(result: unknown): Record<string, unknown> {
  if (typeof result !== 'object' || result === null) return {}
  return {
    ...('usage' in result ? { usage: result.usage } : {}),
    ...('quire' in result ? { quire: result.quire } : {}),
  }
}

const annotationsResultSchema = z.object({ annotations: z.array(chatUrlAnnotationSchema) })

/** The annotations a run's result carries, over its answer text (the text after any replace). */
function annotationsOf(result: unknown): ChatUrlAnnotation[] {
  const parsed = annotationsResultSchema.safeParse(result)
  return parsed.success ? parsed.data.annotations : []
}

/** What an OpenAI client that only appends deltas shows where the answer was replaced. */
export function withdrawalNotice(reason: string): string {
  return `\n\n---\n_The text above is withdrawn (${reason}); the answer follows._\n\n`
}

export class OpenAiChunkEncoder {
  readonly #meta: CompletionMeta
  #sentRole = false
  #citations: CitationFields | null = null
  #finished = false
  /** Content code units sent so far, and where the answer that stands began (after a replace). */
  #sent = 0
  #answerStart = 0

  constructor(meta: CompletionMeta) {
    this.#meta = meta
  }

  encode(packet: Packet): string {
    if (this.#finished) return ''
    switch (packet.type) {
      case 'token':
        this.#sent += packet.text.length
        return packet.text ? this.#chunk({ content: packet.text }) : ''
      case 'reasoning':
        return packet.text ? this.#chunk({ reasoning_content: packet.text }) : ''
      case 'sources':
        this.#citations = toCitationFields(packet.sources)
        return this.#chunk({})
      case 'replace': {
        // Deltas cannot be taken back: plain clients read a line that withdraws the text above;
        // Quire-aware clients see `quire.replace` and clear it.
        const notice = withdrawalNotice(packet.reason)
        this.#sent += notice.length
        this.#answerStart = this.#sent
        return this.#chunk({ content: notice }, null, {
          quire: { replace: { reason: packet.reason } },
        })
      }
      case 'error':
        return dataLine({
          error: { message: packet.message, type: 'server_error', code: packet.code },
        })
      case 'done': {
        this.#finished = true
        // Indices count from the start of the streamed content, which a client concatenates.
        const annotations = annotationsOf(packet.result).map((a) =>
          shiftAnnotation(a, this.#answerStart),
        )
        const delta = annotations.length > 0 ? { annotations } : {}
        return `${this.#chunk(delta, 'stop', extensionOf(packet.result))}data: [DONE]\n\n`
      }
      default:
        return ''
    }
  }

  #chunk(
    delta: ChunkDelta,
    finishReason: 'stop' | null = null,
    extension: Record<string, unknown> = {},
  ): string {
    const withRole: ChunkDelta = this.#sentRole
      ? delta
      : { role: 'assistant', content: '', ...delta }
    this.#sentRole = true
    const chunk: ChatCompletionChunk = {
      id: this.#meta.id,
      object: 'chat.completion.chunk',
      created: this.#meta.created,
      model: this.#meta.model,
      choices: [{ index: 0, delta: withRole, finish_reason: finishReason }],
      ...(this.#citations ?? {}),
    }
    return dataLine({ ...chunk, ...extension })
  }
}
