// A scientist turn's text as the debate streams it: the argument, then Quire's "References
// (APA 7)" section, one "- [n, m] entry" per work. Split here so the page renders the
// references once, as a list whose labels are the markers the argument uses. Pure (no DOM).

export interface CardReference {
  /** The markers naming this work in the turn, ascending. */
  numbers: number[]
  apa: string
  url?: string | null
}

export interface SplitTurn {
  prose: string
  /** null while the section has not arrived (still streaming, or a turn cut short). */
  references: CardReference[] | null
}

const HEADING = /^References \(APA 7\)[ \t]*$/m
const ENTRY = /^- \[(\d{1,3}(?:, ?\d{1,3})*)\] (.+)$/

export function splitTurnText(text: string): SplitTurn {
  const heading = HEADING.exec(text)
  if (!heading) return { prose: text, references: null }
  const references = text
    .slice(heading.index + heading[0].length)
    .split('\n')
    .flatMap((line): CardReference[] => {
      const entry = ENTRY.exec(line.trim())
      if (!entry) return []
      const numbers = (entry[1] ?? '').split(',').map((n) => Number(n.trim()))
      return [{ numbers, apa: entry[2] ?? '' }]
    })
  return { prose: text.slice(0, heading.index).trimEnd(), references }
}
