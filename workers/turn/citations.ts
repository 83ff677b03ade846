// Citations as they stream: the answer's [n] markers (also [1, 2] and [1][2]) are checked
// against the turn's numbered documents the moment each marker is complete. A number that
// names no document (or none in the tracker's scope) is removed from the text before it is
// emitted or saved; each resolved number is announced once.
import type { DocumentNumbering } from '../context'
import { citedNumbers, createMarkerFilter, type MarkerRewriter } from '../grounding'
import type { SourceRef } from '../stream'
import { createFenceSplitter, type FenceSplitter, type SplitText } from './code-fences'

export interface CitationScope {
  /** Only these numbers may be cited (a step given some of the run's documents, e.g. one
   * debate turn); default: every numbered document. */
  numbers?: ReadonlySet<number>
  /** Fenced code passes through as written and cites nothing (`values[2]` is code). */
  codeVerbatim?: boolean
}

export interface CheckedText {
  /** The text safe to emit and save: unresolved markers removed, an open marker held back. */
  text: string
  /** Sources cited for the first time by this text. */
  sources: SourceRef[]
}

export class CitationTracker {
  private readonly cited = new Set<number>()
  private readonly filter: MarkerRewriter
  private readonly fences: FenceSplitter | null

  constructor(
    private readonly numbering: DocumentNumbering,
    private readonly scope: CitationScope = {},
  ) {
    this.filter = createMarkerFilter((n) => this.resolve(n) !== undefined)
    this.fences = scope.codeVerbatim ? createFenceSplitter(this.filter) : null
  }

  private resolve(number: number): SourceRef | undefined {
    if (this.scope.numbers && !this.scope.numbers.has(number)) return undefined
    return this.numbering.source(number)
  }

  /** Feeds answer text; returns what may go out now and the sources it cites first. */
  write(text: string): CheckedText {
    return this.check(this.fences ? this.fences.push(text) : this.prose(this.filter.push(text)))
  }

  /** Ends the text: whatever was held back (an unfinished "[..." goes out as plain text). */
  end(): CheckedText {
    return this.check(this.fences ? this.fences.flush() : this.prose(this.filter.flush()))
  }

  private prose(text: string): SplitText {
    return { text, prose: text }
  }

  /** The sources first cited by `text` (kept for callers that only need the sources). */
  feed(text: string): SourceRef[] {
    return this.write(text).sources
  }

  private check({ text, prose }: SplitText): CheckedText {
    const sources: SourceRef[] = []
    // The filter emits a marker whole, so every marker in `prose` is complete.
    for (const number of citedNumbers(prose)) this.cite(number, sources)
    return { text, sources }
  }

  private cite(number: number, found: SourceRef[]): void {
    if (this.cited.has(number)) return
    const source = this.resolve(number)
    if (!source) return
    this.cited.add(number)
    found.push(source)
  }
}

/** All sources an already complete text cites, in order of first mention. */
export function citedSources(text: string, numbering: DocumentNumbering): SourceRef[] {
  const tracker = new CitationTracker(numbering)
  return [...tracker.write(text).sources, ...tracker.end().sources]
}
