// The References (APA 7) section of one scientist turn: exactly the works the turn cites with
// numbers retrieved for that turn, in order of first mention, formatted through citation-js
// (grounding's references) from each source's stored metadata. A cited number from outside
// the turn is counted, never listed; brackets inside code blocks are code.
import {
  apaReferences,
  cleanTitle,
  citedNumbers,
  readReferenceMetadata,
  type ReferenceMetadata,
} from '../grounding'
import type { PreparedTurn } from '../turn'

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
  const cited: { number: number; sourceId: string | null; meta: ReferenceMetadata }[] = []
  // One entry per work: two chunks of one paper share its reference.
  const seen = new Set<string>()
  for (const number of numbers) {
    const ref = turn.numbering.source(number)
    if (!ref) continue
    const key = ref.sourceId ?? ref.url ?? ref.title
    if (seen.has(key)) continue
    seen.add(key)
    const stored = ref.sourceId
      ? await readReferenceMetadata(turn.deps.db, ref.sourceId)
      : undefined
    const meta = stored ?? {
      id: key,
      title: cleanTitle(ref.title),
      authors: [],
      year: ref.date ? Number(ref.date.slice(0, 4)) || null : null,
      venue: null,
      doi: null,
      url: ref.url ?? null,
      arxiv: null,
      kind: 'web',
      verified: true,
    }
    cited.push({ number, sourceId: ref.sourceId ?? null, meta })
  }
  // Formatted together: one engine pass, APA's disambiguation across the turn's works.
  const entries = new Map((await apaReferences(cited.map((c) => c.meta))).map((e) => [e.id, e]))
  return cited.map(({ number, sourceId, meta }) => ({
    number,
    source_id: sourceId,
    apa: entries.get(meta.id)?.apa ?? '',
  }))
}

export function referencesSection(refs: TurnReference[]): string {
  if (refs.length === 0)
    return '\n\nReferences (APA 7)\nNo retrieved work was cited in this turn.\n'
  // One list item per entry, so Markdown renderers keep each on its own line.
  return `\n\nReferences (APA 7)\n\n${refs.map((r) => `- [${r.number}] ${r.apa}`).join('\n')}\n`
}
