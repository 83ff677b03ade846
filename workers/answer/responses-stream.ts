// The Responses API event stream (SSE, `event:` + `data:` with a sequence_number each):
// created, in_progress, output_item.added, content_part.added, output_text.delta per token,
// then from the final answer an annotation.added per citation, output_text.done,
// content_part.done, output_item.done and completed; or response.failed.
import { withdrawalNotice, type PacketBody } from '../stream'
import {
  failedResponse,
  outputMessage,
  pendingResponse,
  type CompletedResponse,
  type ResponseMeta,
} from './responses-format'

export interface ResponseEventWriter {
  /** Live packets: tokens become deltas; a replace becomes a delta withdrawing the text above. */
  emit(body: PacketBody): void
  /** The final events; the done text is the answer itself (a withdrawn draft is not in it). */
  complete(response: CompletedResponse): void
  fail(message: string): void
}

export function createResponseEvents(
  meta: ResponseMeta,
  write: (chunk: string) => void,
): ResponseEventWriter {
  let sequence = 0
  const send = (type: string, body: Record<string, unknown>) =>
    write(
      `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...body })}\n\n`,
    )
  const at = { item_id: meta.itemId, output_index: 0, content_index: 0 }
  const delta = (text: string) => {
    if (text) send('response.output_text.delta', { ...at, delta: text, logprobs: [] })
  }
  send('response.created', { response: pendingResponse(meta) })
  send('response.in_progress', { response: pendingResponse(meta) })
  send('response.output_item.added', { output_index: 0, item: outputMessage(meta, null) })
  const emptyPart = { type: 'output_text', text: '', annotations: [], logprobs: [] }
  send('response.content_part.added', { ...at, part: emptyPart })
  return {
    emit(body) {
      if (body.type === 'token') delta(body.text)
      if (body.type === 'replace') delta(withdrawalNotice(body.reason))
    },
    complete(response) {
      const item = response.output[0] ?? outputMessage(meta, null)
      const part = item.content[0] ?? emptyPart
      const annotations = 'annotations' in part ? part.annotations : []
      annotations.forEach((annotation, annotation_index) =>
        send('response.output_text.annotation.added', { ...at, annotation_index, annotation }),
      )
      const text = 'text' in part ? part.text : ''
      send('response.output_text.done', { ...at, text, logprobs: [] })
      send('response.content_part.done', { ...at, part })
      send('response.output_item.done', { output_index: 0, item })
      send('response.completed', { response })
    },
    fail(message) {
      send('response.failed', { response: failedResponse(meta, message) })
    },
  }
}
