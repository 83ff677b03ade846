// Citations as they stream: the answer's [n] markers (also [1, 2] and [1][2]) are matched to
// the turn's numbered documents the moment each marker is complete, once per number.
import type { DocumentNumbering } from '../context'
import type { SourceRef } from '../stream'

const MARKER = /\[(\d{1,4}(?:\s*,\s*\d{1,4})*)\]/g

export class CitationTracker {
  private buffer = ''
  /** Where scanning resumes: just before any '[' that is not closed yet. */
  private from = 0
  private readonly cited = new Set<number>()

  constructor(private readonly numbering: DocumentNumbering) {}

  /** Feeds answer text; returns the sources cited for the first time by completed markers. */
  feed(text: string): SourceRef[] {
    this.buffer += text
    const found: SourceRef[] = []
    MARKER.lastIndex = this.from
    let end = this.from
    for (let match = MARKER.exec(this.buffer); match; match = MARKER.exec(this.buffer)) {
      end = match.index + match[0].length
      for (const part of (match[1] ?? '').split(',')) this.cite(Number(part.trim()), found)
    }
    const open = this.buffer.lastIndexOf('[')
    this.from = open >= end && this.buffer.length - open < 24 ? open : this.buffer.length
    return found
  }

  private cite(number: number, found: SourceRef[]): void {
    if (this.cited.has(number)) return
    const source = this.numbering.source(number)
    if (!source) return
    this.cited.add(number)
    found.push(source)
  }
}

/** All sources an already complete text cites, in order of first mention. */
export function citedSources(text: string, numbering: DocumentNumbering): SourceRef[] {
  return new CitationTracker(numbering).feed(text)
}
