// Citations as they stream: the answer's [n] markers (also [1, 2] and [1][2]) are checked
// against the turn's numbered documents the moment each marker is complete. A number that
// names no document (or none in the tracker's scope) is removed from the text before it is
// emitted or saved; each resolved number is announced once.
import type { DocumentNumbering } from '../context'
import { citedNumbers, createMarkerFilter, type MarkerRewriter } from '../grounding'
import type { SourceRef } from '../stream'

export interface CheckedText {
  /** The text safe to emit and save: unresolved markers removed, an open marker held back. */
  text: string
  /** Sources cited for the first time by this text. */
  sources: SourceRef[]
}

export class CitationTracker {
  private readonly cited = new Set<number>()
  private readonly filter: MarkerRewriter

  /**
   * `scope`: only these numbers may be cited (a step that was given some of the run's
   * documents, e.g. one debate turn); default: every numbered document.
   */
  constructor(
    private readonly numbering: DocumentNumbering,
    private readonly scope?: ReadonlySet<number>,
  ) {
    this.filter = createMarkerFilter((n) => this.resolve(n) !== undefined)
  }

  private resolve(number: number): SourceRef | undefined {
    if (this.scope && !this.scope.has(number)) return undefined
    return this.numbering.source(number)
  }

  /** Feeds answer text; returns what may go out now and the sources it cites first. */
  write(text: string): CheckedText {
    return this.check(this.filter.push(text))
  }

  /** Ends the text: whatever was held back (an unfinished "[..." goes out as plain text). */
  end(): CheckedText {
    return this.check(this.filter.flush())
  }

  /** The sources first cited by `text` (kept for callers that only need the sources). */
  feed(text: string): SourceRef[] {
    return this.write(text).sources
  }

  private check(text: string): CheckedText {
    const sources: SourceRef[] = []
    // The filter emits a marker whole, so every marker in `text` is complete.
    for (const number of citedNumbers(text)) this.cite(number, sources)
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
