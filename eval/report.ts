// Plain-text tables for the evaluation and the benchmark.
import type { Metrics } from './metrics'

export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))]
  const widths = header.map((_, c) => Math.max(...cells.map((r) => (r[c] ?? '').length)))
  const line = (r: string[]) => r.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  ')
  return [
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.slice(1).map(line),
  ].join('\n')
}

export function formatTable(results: Record<string, Metrics>): string {
  const metrics = ['ndcg@10', 'recall@100', 'mrr@10'] as const
  const rows = Object.entries(results).map(([system, m]) => [
    system,
    ...metrics.map((k) => m[k].toFixed(4)),
  ])
  return table(['system', ...metrics], rows)
}
