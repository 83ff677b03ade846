// Builds the non-streaming OpenAI `chat.completion` object from the same packets the chunk
// encoder streams, so both /v1 modes say exactly the same thing.
import { toCitationFields, type ChatUrlAnnotation, type CitationFields } from './openai-citations'
import type { CompletionMeta } from './openai-chunks'
import type { Packet } from './packets'

export interface ChatCompletion extends Partial<CitationFields> {
  id: string
  object: 'chat.completion'
  created: number
  model: string
  choices: {
    index: 0
    message: {
      role: 'assistant'
      content: string
      reasoning_content?: string
      annotations?: ChatUrlAnnotation[]
    }
    finish_reason: 'stop'
  }[]
}

export function buildChatCompletion(
  packets: Iterable<Packet>,
  meta: CompletionMeta,
): ChatCompletion {
  let content = ''
  let reasoning = ''
  let citations: CitationFields | null = null
  for (const packet of packets) {
    if (packet.type === 'token') content += packet.text
    else if (packet.type === 'replace') content = ''
    else if (packet.type === 'reasoning') reasoning += packet.text
    else if (packet.type === 'sources') citations = toCitationFields(packet.sources)
  }
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content,
          ...(reasoning ? { reasoning_content: reasoning } : {}),
        },
        finish_reason: 'stop',
      },
    ],
    ...(citations ?? {}),
  }
}
