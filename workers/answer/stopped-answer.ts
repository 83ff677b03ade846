// What an ask that is stopped keeps: the text sent so far, the sources its [n] refer to (in
// the payload's order: cited first, by number, then the others read), and whether the text
// was actually cut. Read off the packets the run emits, so it holds whatever the stop finds.
import type { PacketBody, SourceRef } from '../stream'
import type { AnswerSource } from './types'

/** The message data of a stopped ask (typed, as a finished ask's is). */
export type StoppedAskData = {
  kind: 'ask'
  /** True only when the stop cut the text; a stop after the last word leaves it false. */
  stopped: boolean
  sources: AnswerSource[]
  related_questions: string[]
}

function toAnswerSource(ref: SourceRef, number: number, cited: boolean): AnswerSource {
  return {
    number,
    title: ref.title,
    url: ref.url ?? '',
    domain: ref.domain ?? '',
    snippet: ref.snippet ?? '',
    image: ref.image ?? null,
    ...(ref.date ? { date: ref.date } : {}),
    cited,
    reason: '',
  }
}

const identity = (ref: SourceRef) => ref.url || ref.sourceId || ref.title

export class StoppedAnswer {
  #text = ''
  /** The last `sources` packet (by rank early on, in the final numbering at the end). */
  #listed: SourceRef[] = []
  /** Citation packets by the number the text cites. */
  #cited = new Map<number, SourceRef>()
  #isTextComplete = false

  /** Call with every packet the run emits, in order. */
  observe(body: PacketBody): void {
    if (body.type === 'token') this.#text += body.text
    else if (body.type === 'replace') {
      this.#text = ''
      this.#cited.clear()
    } else if (body.type === 'citation') this.#cited.set(body.number, body.source)
    else if (body.type === 'sources') this.#listed = body.sources
  }

  /** The pipeline says the text is final (AnswerDeps.onTextComplete). */
  completeText(): void {
    this.#isTextComplete = true
  }

  get text(): string {
    return this.#text
  }

  get isTextComplete(): boolean {
    return this.#isTextComplete
  }

  /** Cited sources numbered as the text cites them, then the other listed ones after. */
  sources(): AnswerSource[] {
    const cited = [...this.#cited.entries()].sort(([a], [b]) => a - b)
    const citedKeys = new Set(cited.map(([, ref]) => identity(ref)))
    const rest = this.#listed.filter((ref) => !citedKeys.has(identity(ref)))
    const maxCited = cited.reduce((max, [n]) => Math.max(max, n), 0)
    return [
      ...cited.map(([n, ref]) => toAnswerSource(ref, n, true)),
      ...rest.map((ref, i) => toAnswerSource(ref, maxCited + i + 1, false)),
    ]
  }

  toData(): StoppedAskData {
    return {
      kind: 'ask',
      stopped: !this.#isTextComplete,
      sources: this.sources(),
      related_questions: [],
    }
  }
}
