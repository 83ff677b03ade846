// The References (APA 7) section of one scientist turn: exactly the works the turn cites with
// numbers retrieved for that turn, once each and in the order of their numbers, each labelled
// with every marker that names it ("[2, 5]" when two cited chunks are one paper), formatted
// through citation-js (grounding's references) from each source's stored metadata. A cited
// number from outside the turn is counted, never listed; brackets inside code blocks are code.
import {
  apaReferences,
  cleanTitle,
  citedNumbers,
  readReferenceMetadata,
  type ReferenceMetadata,
} from '../grounding'
import type { PreparedTurn } from '../turn'

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
  interface Work {
    numbers: number[]
    sourceId: string | null
    url: string | null
    meta: ReferenceMetadata
  }
  // One entry per work: two chunks of one paper share its reference and both its markers.
  const byWork = new Map<string, Work>()
  for (const number of [...new Set(numbers)].sort((a, b) => a - b)) {
    const ref = turn.numbering.source(number)
    if (!ref) continue
    const key = ref.sourceId ?? ref.url ?? ref.title
    const known = byWork.get(key)
    if (known) {
      known.numbers.push(number)
      continue
    }
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
    const sourceView = ref.sourceId ? `/api/sources/${encodeURIComponent(ref.sourceId)}` : null
    const url = ref.url ?? meta.url ?? sourceView
    byWork.set(key, { numbers: [number], sourceId: ref.sourceId ?? null, url, meta })
  }
  const works = [...byWork.values()]
  // Formatted together: one engine pass, APA's disambiguation across the turn's works.
  const entries = new Map((await apaReferences(works.map((w) => w.meta))).map((e) => [e.id, e]))
  return works.map(({ numbers: markers, sourceId, url, meta }) => ({
    number: markers[0] ?? 0,
    numbers: markers,
    source_id: sourceId,
    url,
    apa: entries.get(meta.id)?.apa ?? '',
  }))
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
