// Emits the answer as it is written: text passes the citation check on its way out as
// `token` packets, and each source gets a `citation` packet when first cited.
import type { SourceRef } from '../stream'
import { createCitationMapper, sourceRefOf, tidyAnswer } from '../grounding'
import type { AnswerDeps, RankedSource } from './types'

export interface CitedStream {
  push(text: string): void
  /** Ends the answer: the checked text and the ranks of cited sources in [n] order. */
  finish(): { answer: string; cited: number[] }
  /** Whether any text has gone out yet. */
  readonly hasOutput: boolean
}

export function toSourceRef(source: RankedSource, number: number): SourceRef {
  return sourceRefOf(source, number)
}

export function createCitedStream(sources: RankedSource[], emit: AnswerDeps['emit']): CitedStream {
  const mapper = createCitationMapper(sources.length)
  let text = ''
  let announced = 0

  const send = (piece: string) => {
    // Announce newly cited sources before the marker that cites them reaches the client.
    const cited = mapper.cited()
    for (; announced < cited.length; announced += 1) {
      const source = sources[(cited[announced] as number) - 1]
      if (source)
        emit({
          type: 'citation',
          number: announced + 1,
          source: toSourceRef(source, announced + 1),
        })
    }
    if (!piece) return
    text += piece
    emit({ type: 'token', text: piece })
  }

  return {
    push: (piece) => send(mapper.push(piece)),
    finish: () => {
      send(mapper.flush())
      return { answer: tidyAnswer(text), cited: mapper.cited() }
    },
    get hasOutput() {
      return text.length > 0
    },
  }
}
