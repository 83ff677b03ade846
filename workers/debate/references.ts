// The References (APA 7) section of one scientist turn: exactly the works the turn cites with
// numbers retrieved for that turn, once each and in the order of their numbers, each labelled
// with every marker that names it ("[2, 5]" when two cited chunks are one paper), formatted by
// Quire from each source's stored metadata. A cited number from outside the turn is counted,
// never listed; brackets inside code blocks are code.
import { readSource } from '../db'
import { citedNumbers } from '../grounding'
import type { PreparedTurn } from '../turn'
import { formatApa } from './apa'

export interface TurnReference {
  /** The lowest marker naming this work: the list is sorted by it. */
  number: number
  /** Every marker of the turn that names this work, ascending (at least `number`). */
  numbers: number[]
  source_id: string | null
  /** Where the work can be read: its page, else Quire's view of the stored source. */
  url: string | null
  apa: string
}

export interface CitationCheck {
  cited: number[]
  /** Cited numbers that name a chunk retrieved for this turn. */
  grounded: number[]
  /** grounded / cited; 1 when nothing is cited. */
  precision: number
}

/** Fenced code (to the end when unclosed): `values[2]` there is code, not a citation. */
const CODE = /```[\s\S]*?(?:```|$)/g

export function checkTurnCitations(text: string, turnNumbers: Set<number>): CitationCheck {
  const cited = [...new Set(citedNumbers(text.replace(CODE, ' ')))]
  const grounded = cited.filter((n) => turnNumbers.has(n))
  return { cited, grounded, precision: cited.length ? grounded.length / cited.length : 1 }
}

export async function buildReferences(
  turn: PreparedTurn,
  numbers: number[],
): Promise<TurnReference[]> {
  // One entry per work: two chunks of one paper share its reference and both its markers.
  const byWork = new Map<string, TurnReference>()
  for (const number of [...new Set(numbers)].sort((a, b) => a - b)) {
    const ref = turn.numbering.source(number)
    if (!ref) continue
    const key = ref.sourceId ?? ref.url ?? ref.title
    const known = byWork.get(key)
    if (known) {
      known.numbers.push(number)
      continue
    }
    const row = ref.sourceId ? await readSource(turn.deps.db, ref.sourceId) : undefined
    const apa = formatApa({
      title: row?.title ?? ref.title,
      authors: row?.authors ?? [],
      year: row?.year ?? (ref.date ? Number(ref.date.slice(0, 4)) || null : null),
      venue: row?.venue ?? null,
      doi: row?.doi ?? null,
      url: row?.url ?? ref.url ?? null,
      kind: row?.kind ?? 'web',
    })
    const sourceView = ref.sourceId ? `/api/sources/${encodeURIComponent(ref.sourceId)}` : null
    const url = ref.url ?? row?.url ?? sourceView
    byWork.set(key, { number, numbers: [number], source_id: ref.sourceId ?? null, url, apa })
  }
  return [...byWork.values()]
}

export const REFERENCES_HEADING = 'References (APA 7)'

export function referencesSection(refs: TurnReference[]): string {
  if (refs.length === 0)
    return `\n\n${REFERENCES_HEADING}\nNo retrieved work was cited in this turn.\n`
  // One list item per entry, so Markdown renderers keep each on its own line; the label is the
  // markers themselves, so a reader matches [n] in the text to its entry at a glance.
  const items = refs.map((r) => `- [${r.numbers.join(', ')}] ${r.apa}`)
  return `\n\n${REFERENCES_HEADING}\n\n${items.join('\n')}\n`
}
