// The grounding report's figures per set and part, as JSON and as a text table.
import { table } from '../report'
import type { ItemResult } from './evaluate'
import type { SetName } from './sets'

export interface Rates {
  n: number
  failed: number
  /** Replies that answered from sources (cited at least one returned source). */
  answered: number
  /** A gold abstract among the returned sources. */
  goldInSources: number
  /** A gold abstract cited by the answer. */
  goldCited: number
  /** Conversations whose first turn was answered (its topic could be carried). */
  firstAnswered: number
}

export type GroundingSummary = Partial<
  Record<
    SetName,
    Record<'tune' | 'held-out' | 'all', Rates> & { byCategory?: Record<string, Rates> }
  >
>

function rates(items: ItemResult[]): Rates {
  const ok = items.filter((r) => r.reply.ok)
  const gold = (r: ItemResult, ids: (string | null)[]) =>
    ids.some((id) => id && r.gold.includes(id))
  return {
    n: items.length,
    failed: items.length - ok.length,
    answered: ok.filter((r) => !r.reply.abstains).length,
    goldInSources: ok.filter((r) => gold(r, r.reply.sources)).length,
    goldCited: ok.filter((r) => gold(r, r.reply.cited)).length,
    firstAnswered: ok.filter((r) => r.earlier?.[0]?.ok && !r.earlier[0].abstains).length,
  }
}

export function summarise(results: ItemResult[]): GroundingSummary {
  const summary: GroundingSummary = {}
  for (const set of [...new Set(results.map((r) => r.set))]) {
    const items = results.filter((r) => r.set === set)
    const entry = {
      tune: rates(items.filter((r) => r.part === 'tune')),
      'held-out': rates(items.filter((r) => r.part === 'held-out')),
      all: rates(items),
      ...(set === 'offTopic'
        ? {
            byCategory: Object.fromEntries(
              [...new Set(items.map((r) => r.category ?? 'other'))].map((c) => [
                c,
                rates(items.filter((r) => (r.category ?? 'other') === c)),
              ]),
            ),
          }
        : {}),
    }
    summary[set] = entry
  }
  return summary
}

const pct = (k: number, n: number) => (n ? `${((100 * k) / n).toFixed(1)}%` : 'n/a')

/** What each set is measured by: [label, count of the Rates] per row. */
const MEASURES: Record<SetName, [string, (r: Rates) => number][]> = {
  claims: [
    ['answered', (r) => r.answered],
    ['gold cited', (r) => r.goldCited],
    ['gold among sources', (r) => r.goldInSources],
  ],
  topics: [['answered', (r) => r.answered]],
  offTopic: [['abstained', (r) => r.n - r.failed - r.answered]],
  followUps: [
    ['gold among sources', (r) => r.goldInSources],
    ['gold cited', (r) => r.goldCited],
    ['answered', (r) => r.answered],
  ],
  offTopicFollowUps: [
    ['abstained at turn 2', (r) => r.n - r.failed - r.answered],
    ['turn 1 answered', (r) => r.firstAnswered],
  ],
}

export function formatGrounding(summary: GroundingSummary): string {
  const rows: (string | number)[][] = []
  for (const [set, entry] of Object.entries(summary) as [
    SetName,
    NonNullable<GroundingSummary[SetName]>,
  ][]) {
    for (const [label, count] of MEASURES[set]) {
      rows.push([
        set,
        label,
        ...(['tune', 'held-out', 'all'] as const).map(
          (part) =>
            `${pct(count(entry[part]), entry[part].n - entry[part].failed)} of ${entry[part].n}`,
        ),
      ])
    }
    const failed = entry.all.failed
    if (failed) rows.push([set, 'failed requests', '', '', String(failed)])
  }
  const lines = [table(['set', 'measure', 'tune', 'held-out', 'all'], rows)]
  const categories = summary.offTopic?.byCategory
  if (categories) {
    lines.push(
      '',
      `off-topic abstained by category: ${Object.entries(categories)
        .map(([c, r]) => `${c} ${pct(r.n - r.failed - r.answered, r.n - r.failed)} of ${r.n}`)
        .join(', ')}`,
    )
  }
  return lines.join('\n')
}
