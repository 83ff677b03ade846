// The References (APA 7) section of one scientist turn: exactly the works the turn cites with
// numbers retrieved for that turn, in order of first mention, formatted by Quire from each
// source's stored metadata. A cited number from outside the turn is counted, never listed;
// brackets inside code blocks are code.
import { readSource } from '../db'
import { citedNumbers } from '../grounding'
import type { PreparedTurn } from '../turn'
import { formatApa } from './apa'

export interface TurnReference {
  number: number
  source_id: string | null
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
  const refs: TurnReference[] = []
  // One entry per work: two chunks of one paper share its reference.
  const seen = new Set<string>()
  for (const number of numbers) {
    const ref = turn.numbering.source(number)
    if (!ref) continue
    const key = ref.sourceId ?? ref.url ?? ref.title
    if (seen.has(key)) continue
    seen.add(key)
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
    refs.push({ number, source_id: ref.sourceId ?? null, apa })
  }
  return refs
}

export function referencesSection(refs: TurnReference[]): string {
  if (refs.length === 0)
    return '\n\nReferences (APA 7)\nNo retrieved work was cited in this turn.\n'
  // One list item per entry, so Markdown renderers keep each on its own line.
  return `\n\nReferences (APA 7)\n\n${refs.map((r) => `- [${r.number}] ${r.apa}`).join('\n')}\n`
}
