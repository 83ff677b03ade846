// Grades one scripted debate turn by turn against what the scripted model was given (not
// against the debate's own check): the markers shown in the final turn text, which of them
// name a chunk retrieved for THAT turn, whether the turn's references list exactly those
// works, and how many written markers were stripped (never given, from an earlier turn,
// inside code blocks).
import { citedNumbers } from '../../workers/grounding'
import type { DebateRecord } from './harness'

export interface CitationCounts {
  /** Marker numbers in the final turn text (repeats counted). */
  shown: number
  /** Shown numbers retrieved for that turn. */
  precise: number
  /** Shown numbers inside code blocks (counted in `shown` too). */
  shownInCode: number
  /** Code indexing that reads as a marker (`values[2]`): kept as a citation, or rewritten. */
  codeIndex: { kept: number; altered: number }
  /** Written numbers the shown text no longer has, by kind. */
  stripped: { never: number; earlier: number; own: number; inCode: number }
  /** Shown numbers given only to an earlier turn. */
  shownEarlier: number
  turns: number
  /** Turns whose references list exactly the works of their precise citations. */
  referencesExact: number
}

export function emptyCounts(): CitationCounts {
  return {
    shown: 0,
    precise: 0,
    shownInCode: 0,
    codeIndex: { kept: 0, altered: 0 },
    stripped: { never: 0, earlier: 0, own: 0, inCode: 0 },
    shownEarlier: 0,
    turns: 0,
    referencesExact: 0,
  }
}

export function addCounts(into: CitationCounts, add: CitationCounts): CitationCounts {
  into.shown += add.shown
  into.precise += add.precise
  into.shownInCode += add.shownInCode
  into.codeIndex.kept += add.codeIndex.kept
  into.codeIndex.altered += add.codeIndex.altered
  into.shownEarlier += add.shownEarlier
  into.turns += add.turns
  into.referencesExact += add.referencesExact
  for (const key of Object.keys(into.stripped) as (keyof CitationCounts['stripped'])[])
    into.stripped[key] += add.stripped[key]
  return into
}

export const precisionOf = (c: CitationCounts) => (c.shown ? c.precise / c.shown : 1)

const FENCE = /```[\s\S]*?(?:```|$)/g

/** An index right after a name or a closing bracket: code, though it looks like a marker. */
const INDEX = /[\w\])]\[\d{1,4}\]/g

function split(text: string): { prose: number[]; code: number[]; indexes: number } {
  const blocks = [...text.matchAll(FENCE)].map((m) => m[0])
  const code = blocks.flatMap((block) => citedNumbers(block))
  const indexes = blocks.reduce((n, block) => n + (block.match(INDEX)?.length ?? 0), 0)
  return { prose: citedNumbers(text.replace(FENCE, ' ')), code, indexes }
}

type Kind = 'own' | 'earlier' | 'never'

function tally(numbers: number[], kindOf: (n: number) => Kind): Record<Kind, number> {
  const out = { own: 0, earlier: 0, never: 0 }
  for (const n of numbers) out[kindOf(n)] += 1
  return out
}

export function measureDebate(record: DebateRecord): CitationCounts {
  const counts = emptyCounts()
  record.outcome.transcript.forEach((entry, at) => {
    const script = record.scripted[at]
    if (!script || entry.stage !== 'done') return
    const given = new Set(script.given)
    const earlier = new Set(script.earlier)
    const kindOf = (n: number): Kind =>
      given.has(n) ? 'own' : earlier.has(n) ? 'earlier' : 'never'
    const written = split(script.written)
    const shown = split(entry.text)
    const all = [...shown.prose, ...shown.code]
    const writtenKinds = tally([...written.prose, ...written.code], kindOf)
    const shownKinds = tally(all, kindOf)
    const turn = emptyCounts()
    turn.turns = 1
    turn.shown = all.length
    turn.precise = shownKinds.own
    turn.shownEarlier = shownKinds.earlier
    turn.shownInCode = shown.code.length
    for (const kind of ['own', 'earlier', 'never'] as const)
      turn.stripped[kind] = writtenKinds[kind] - shownKinds[kind]
    turn.stripped.inCode = written.code.length - shown.code.length
    turn.codeIndex = { kept: shown.indexes, altered: written.indexes - shown.indexes }
    // The works this turn may list: sources of its precise numbers (document i <-> chunk i).
    const chunks = record.retrieved[at] ?? []
    const sourceOf = new Map(script.given.map((n, i) => [n, chunks[i]?.sourceId ?? null]))
    const expected = new Set(all.filter((n) => given.has(n)).map((n) => sourceOf.get(n)))
    const listed = entry.references.map((r) => r.source_id)
    const exact =
      listed.length === expected.size &&
      new Set(listed).size === listed.length &&
      listed.every((id) => expected.has(id))
    turn.referencesExact = exact ? 1 : 0
    addCounts(counts, turn)
  })
  return counts
}
