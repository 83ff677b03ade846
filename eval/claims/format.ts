// The claim check report as a table, against the offline goals on the test part.
import type { ClaimSummary } from './metrics'

const GOALS = { recall: 0.75, precision: 0.85, coverage: 0.3 }

const pct = (r: { n: number; of: number; value: number | null }) =>
  r.value === null ? '   n/a' : `${(r.value * 100).toFixed(1).padStart(5)}% (${r.n}/${r.of})`

export function formatClaims(part: string, s: ClaimSummary): string {
  const lines = [
    `claim check, ${part} part: ${s.claims} claims, ${s.pairs} labelled pairs, ${s.errors} errors, p50 ${s.p50Ms?.toFixed(0) ?? 'n/a'} ms`,
    `  recall (labelled abstract in evidence)   ${pct(s.recall)}   goal ≥ ${GOALS.recall}`,
    `  labelled abstract among sources          ${pct(s.sourceRecall)}`,
    `  shown-stance precision                   ${pct(s.precision)}   goal ≥ ${GOALS.precision}`,
    `  shown-stance coverage                    ${pct(s.coverage)}   goal ≥ ${GOALS.coverage}`,
    `  strict precision (any shown stance)      ${pct(s.strictPrecision)}`,
    `  rationale sentence labelled (exact)      ${pct(s.rationaleExact)}`,
    `  rationale sentence labelled (±1)         ${pct(s.rationaleNear)}`,
    `  unlabelled claims given a verdict        ${pct(s.unlabelledClaimsWithVerdict)}`,
    '  rules (labelled abstracts | any abstract):',
    ...Object.entries(s.rules).map(
      ([name, r]) => `    ${name.padEnd(20)} ${pct(r.labelled)} | ${pct(r.strict)}`,
    ),
  ]
  return lines.join('\n')
}
