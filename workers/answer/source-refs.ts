// Payload sources as the stream's SourceRef (what `sources` packets and OpenAI citations carry).
import { sourceRefOf } from '../grounding'
import type { SourceRef } from '../stream'
import type { AnswerSource } from './types'

export function toSourceRefs(sources: AnswerSource[]): SourceRef[] {
  return sources.map((source) => {
    const { sourceId: _s, chunkId: _c, page: _p, ...ref } = sourceRefOf(source, source.number)
    return ref
  })
}
