// Where a new section belongs among a document's own: at the level its sections use, after
// the last section that comes before it in a paper's usual order (Introduction, Methods,
// Results, Discussion, Conclusion…) and before the first that comes after it. A section of
// no known kind ("Statin safety") is body text: it goes before the closing matter.
import { familiesOf, stemsOf } from './section-terms'

interface Heading {
  title: string
  depth: number
}

/** Section families in the order papers put them. */
const ORDER = [
  'abstract',
  'introduction',
  'related',
  'objectives',
  'data',
  'methods',
  'results',
  'discussion',
  'limitations',
  'future',
  'conclusion',
  'acknowledgements',
  'references',
  'appendix',
]
const BODY_RANK = ORDER.indexOf('conclusion') - 0.5

function rankOf(title: string): number | null {
  const ranks = [...familiesOf(title)].map((f) => ORDER.indexOf(f)).filter((r) => r >= 0)
  return ranks.length > 0 ? Math.min(...ranks) : null
}

/**
 * The heading level of the document's sections: `#` when it uses several of them (no title
 * heading), else the shallowest level below the title; `##` in a document without sections.
 */
export function sectionDepth(headings: Heading[]): number {
  if (headings.filter((h) => h.depth === 1).length >= 2) return 1
  const deeper = headings.filter((h) => h.depth > 1).map((h) => h.depth)
  return deeper.length > 0 ? Math.min(...deeper) : 2
}

/** The index of a heading at `depth` with the same name, or -1. */
export function sameSection(headings: Heading[], title: string, depth: number): number {
  const asked = stemsOf(title).join(' ')
  return headings.findIndex((h) => h.depth === depth && stemsOf(h.title).join(' ') === asked)
}

/** The index of the heading the new section goes before, or null for the end. */
export function sectionSlot(headings: Heading[], title: string, depth: number): number | null {
  const rank = rankOf(title) ?? BODY_RANK
  const sections = headings.flatMap((h, i) =>
    h.depth === depth ? [{ rank: rankOf(h.title), i }] : [],
  )
  let after = -1
  sections.forEach((s, k) => {
    if (s.rank !== null && s.rank <= rank) after = k
  })
  const next = sections.slice(after + 1).find((s) => s.rank !== null && s.rank > rank)
  return next ? next.i : null
}

/** The index of the first heading after `parent`'s whole section, or null for the end. */
export function afterSection(headings: Heading[], parent: number): number | null {
  const depth = headings[parent]?.depth ?? 0
  const next = headings.findIndex((h, i) => i > parent && h.depth <= depth)
  return next < 0 ? null : next
}
