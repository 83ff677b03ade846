// The deterministic placer: used offline and whenever the model's placement is missing or
// invalid. It finds the section the user named (a heading's own words, or the same family of
// section names: "intro" ~ Introduction), else a new section the user asked for, else the end.
import { parseBlocks, type DocBlock } from '../structure'
import { sectionRequested } from './section-request'
import { familiesOf, stemsOf } from './section-terms'
import type { Placement } from './types'

/** Words that introduce where something goes: "add this to the methods section". */
const WHERE =
  /\b(?:to|into|in|under|within|inside|below|beneath|after|before|at the end of|near)\b([^.;!?\n]*)/gi

/** What section matching needs of a heading: mdast blocks and scanned lines both have it. */
export interface Heading {
  title: string
  depth: number
}

export interface SectionMatch<H extends Heading = DocBlock> {
  heading: H
  score: number
}

function containsRun(haystack: string[], needle: string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false
  for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    if (needle.every((w, j) => haystack[i + j] === w)) return true
  }
  return false
}

/** How well `phrase` names `heading`: 3 whole title, 2 same family, up to 1 shared words. */
export function headingScore(heading: Heading, phrase: string): number {
  const title = stemsOf(heading.title)
  const words = stemsOf(phrase)
  if (title.length === 0 || words.length === 0) return 0
  if (containsRun(words, title)) return 3 + title.length / 100
  const families = familiesOf(heading.title)
  const asked = familiesOf(phrase)
  if ([...families].some((f) => asked.has(f))) return 2
  const shared = title.filter((w) => words.includes(w)).length
  return shared / title.length
}

export function targetPhrases(instruction: string): string[] {
  const phrases = [...instruction.matchAll(WHERE)].map((m) => m[1] ?? '').filter((p) => p.trim())
  return phrases.length > 0 ? phrases : [instruction]
}

/** The heading the instruction names best, if any names it well enough. */
export function matchSection<H extends Heading>(
  blocks: H[],
  instruction: string,
): SectionMatch<H> | null {
  // A document's title (#) heads the whole paper, not a section: it is a candidate only when
  // the document has no other headings.
  const all = blocks.filter((b) => b.depth > 0)
  const sections = all.filter((b) => b.depth > 1)
  const headings = sections.length > 0 ? sections : all
  let best: SectionMatch<H> | null = null
  for (const phrase of targetPhrases(instruction)) {
    for (const heading of headings) {
      const score = headingScore(heading, phrase)
      // Ties go to the shallower heading: "Results" before a "### Results" inside Discussion.
      const better =
        !best || score > best.score || (score === best.score && heading.depth < best.heading.depth)
      if (score >= 0.5 && better) best = { heading, score }
    }
    if (best) return best
  }
  return best
}

export function newSectionAsked(instruction: string): string | null {
  return sectionRequested(instruction)?.heading ?? null
}

/**
 * Placement from the user's messages, latest first: the first that names a section (or asks
 * for a new one) decides; none does: the end of the document.
 */
export function placeDeterministically(
  markdown: string,
  messages: string[],
  blocks: DocBlock[] = parseBlocks(markdown),
): Placement {
  const base = { heading: '', replace: [] as string[] }
  for (const message of [...messages].reverse()) {
    const heading = newSectionAsked(message)
    if (heading)
      return {
        ...base,
        action: 'new_section',
        target: null,
        heading,
        reason: 'asked for a new section',
      }
    const match = matchSection(blocks, message)
    if (match) {
      return {
        ...base,
        action: 'append_to_section',
        target: match.heading.id,
        reason: `the request names "${match.heading.title}"`,
      }
    }
  }
  return { ...base, action: 'end', target: null, reason: 'no section named; appended at the end' }
}
