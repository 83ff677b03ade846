// The "put the paragraph back" evaluation of the deterministic placer (no model): for every
// case, place the removed paragraph from the instruction alone and check the section it lands
// in. Prints the correct-section rate (target ≥ 90%) by section kind, and placement latency.
import { parseBlocks } from '../../workers/writing/structure'
import { mergeDeterministically } from '../../workers/writing/placement/fast'
import type { CorpusRow } from '../../workers/retrieval'
import { table } from '../report'
import { buildCases, type PlacementCase } from './cases'

export interface PlacementReport {
  cases: number
  correct: number
  rate: number
  bySection: Record<string, { cases: number; correct: number }>
  p50Ms: number
  p95Ms: number
  misses: { id: string; instruction: string; expected: string; got: string | null }[]
}

function landedIn(markdown: string, paragraph: string): string | null {
  const blocks = parseBlocks(markdown)
  const block = blocks.find((b) => b.text.includes(paragraph))
  const parent = block?.parentId ? blocks.find((b) => b.id === block.parentId) : undefined
  return parent?.title ?? null
}

function quantile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
}

export function evaluatePlacement(cases: PlacementCase[]): PlacementReport {
  const times: number[] = []
  const bySection: PlacementReport['bySection'] = {}
  const misses: PlacementReport['misses'] = []
  let correct = 0
  for (const c of cases) {
    const started = performance.now()
    const placed = mergeDeterministically(c.markdown, c.paragraph, [c.instruction])
    times.push(performance.now() - started)
    const got = placed ? landedIn(placed.merge.markdown, c.paragraph) : null
    const kind = (bySection[c.section] ??= { cases: 0, correct: 0 })
    kind.cases += 1
    if (got === c.section) {
      correct += 1
      kind.correct += 1
    } else misses.push({ id: c.id, instruction: c.instruction, expected: c.section, got })
  }
  times.sort((a, b) => a - b)
  return {
    cases: cases.length,
    correct,
    rate: cases.length ? correct / cases.length : 0,
    bySection,
    p50Ms: quantile(times, 0.5),
    p95Ms: quantile(times, 0.95),
    misses,
  }
}

export function runPlacementEval(options: {
  rows: CorpusRow[]
  limit: number
  json: boolean
  log: (m: string) => void
}): void {
  const cases = buildCases(options.rows, options.limit)
  options.log(`placement: ${cases.length} cases from structured abstracts`)
  const report = evaluatePlacement(cases)
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ placement: { ...report, misses: report.misses.slice(0, 20) } })}\n`,
    )
    return
  }
  const rows = Object.entries(report.bySection)
    .sort((a, b) => b[1].cases - a[1].cases)
    .map(([section, r]) => [section, r.cases, `${((100 * r.correct) / r.cases).toFixed(1)}%`])
  process.stdout.write(
    `Put the paragraph back — deterministic placer: ${report.correct}/${report.cases} correct section ` +
      `(${(100 * report.rate).toFixed(1)}%; target ≥ 90%), p50 ${report.p50Ms.toFixed(2)} ms, p95 ${report.p95Ms.toFixed(2)} ms\n`,
  )
  process.stdout.write(`${table(['section', 'cases', 'correct'], rows)}\n`)
  for (const miss of report.misses.slice(0, 10)) {
    process.stdout.write(
      `miss ${miss.id}: "${miss.instruction}" expected ${miss.expected}, got ${miss.got}\n`,
    )
  }
}
