// Grades one scripted debate turn by turn against what the scripted model was given (not
// against the debate's own check): the citations shown in the final turn text (markers in
// prose; fenced code is code), which of them name a chunk retrieved for THAT turn, whether
// the turn's references list exactly those works, how many written markers were stripped
// (never given, from an earlier turn), and what became of bracketed numbers inside code.
import { citedNumbers } from '../../workers/grounding'
import type { DebateRecord } from './harness'

export interface CitationCounts {
  turns: number
  /** Citation numbers in the final turn text's prose (repeats counted). */
  shown: number
  /** Shown numbers retrieved for that turn. */
  precise: number
  /** Shown numbers given only to an earlier turn. */
  shownEarlier: number
  /** Written prose numbers the shown text no longer has, by kind. */
  stripped: { never: number; earlier: number; own: number }
  /** Turns whose references list exactly the works of their precise citations. */
  referencesExact: number
  /** Bracketed numbers in code blocks: written, left as written, taken by Quire as citations. */
  code: { written: number; kept: number; readAsCitations: number }
}

export function emptyCounts(): CitationCounts {
  return {
    turns: 0,
    shown: 0,
    precise: 0,
    shownEarlier: 0,
    stripped: { never: 0, earlier: 0, own: 0 },
    referencesExact: 0,
    code: { written: 0, kept: 0, readAsCitations: 0 },
  }
}

export function addCounts(into: CitationCounts, add: CitationCounts): CitationCounts {
  into.turns += add.turns
  into.shown += add.shown
  into.precise += add.precise
  into.shownEarlier += add.shownEarlier
  into.referencesExact += add.referencesExact
  for (const key of ['never', 'earlier', 'own'] as const) into.stripped[key] += add.stripped[key]
  for (const key of ['written', 'kept', 'readAsCitations'] as const) into.code[key] += add.code[key]
  return into
}

export const precisionOf = (c: CitationCounts) => (c.shown ? c.precise / c.shown : 1)

const FENCE = /```[\s\S]*?(?:```|$)/g

function split(text: string): { prose: number[]; code: string[] } {
  const code = [...text.matchAll(FENCE)].map((m) => m[0])
  return { prose: citedNumbers(text.replace(FENCE, ' ')), code }
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
    const writtenKinds = tally(written.prose, kindOf)
    const shownKinds = tally(shown.prose, kindOf)
    const turn = emptyCounts()
    turn.turns = 1
    turn.shown = shown.prose.length
    turn.precise = shownKinds.own
    turn.shownEarlier = shownKinds.earlier
    for (const kind of ['own', 'earlier', 'never'] as const)
      turn.stripped[kind] = writtenKinds[kind] - shownKinds[kind]
    const writtenCode = written.code.flatMap((block) => citedNumbers(block))
    const prose = new Set(shown.prose)
    turn.code = {
      written: writtenCode.length,
      kept: written.code
        .filter((block) => entry.text.includes(block))
        .reduce((n, block) => n + citedNumbers(block).length, 0),
      readAsCitations: (entry.citations?.cited ?? []).filter((n) => !prose.has(n)).length,
    }
    // The works this turn may list: sources of its precise citations (document i <-> chunk i).
    const chunks = record.retrieved[at] ?? []
    const sourceOf = new Map(script.given.map((n, i) => [n, chunks[i]?.sourceId ?? null]))
    const expected = new Set(shown.prose.filter((n) => given.has(n)).map((n) => sourceOf.get(n)))
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
