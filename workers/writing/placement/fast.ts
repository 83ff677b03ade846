// The deterministic placer for any document length: headings by a line scan (headings.ts),
// the section the user named (or a new section they asked for, or the end), and the merge
// spliced in at that offset — no full parse, so a 25,000-word paper stays within budget.
import { splice } from './apply'
import { matchSection } from './deterministic'
import { bodyEnd, scanHeadings, type HeadingLine } from './headings'
import { docEnd, mergeNewSection, type FastPlacement } from './new-section'
import { sectionRequested } from './section-request'

export type { FastPlacement }

/** Merges into the body of `headings[index]`'s section (used when embeddings chose it). */
export function mergeIntoSection(
  markdown: string,
  content: string,
  headings: HeadingLine[],
  index: number,
  reason: string,
): FastPlacement {
  const merge = splice(markdown, bodyEnd(markdown, headings, index), content.trim())
  const base = { target: null, heading: '', replace: [] as string[] }
  const section = headings[index]?.title ?? null
  return { merge, placement: { ...base, action: 'append_to_section', section, reason } }
}

export function mergeDeterministically(
  markdown: string,
  content: string,
  messages: string[],
): FastPlacement | null {
  const piece = content.trim()
  if (!piece) return null
  const headings = scanHeadings(markdown)
  const base = { target: null, heading: '', replace: [] as string[] }
  for (const message of [...messages].reverse()) {
    const asked = sectionRequested(message)
    if (asked) return mergeNewSection(markdown, piece, message, asked, headings)
    const match = matchSection(headings, message)
    if (match) {
      const merge = splice(
        markdown,
        bodyEnd(markdown, headings, headings.indexOf(match.heading)),
        piece,
      )
      const reason = `the request names "${match.heading.title}"`
      return {
        merge,
        placement: { ...base, action: 'append_to_section', section: match.heading.title, reason },
      }
    }
  }
  const merge = splice(markdown, docEnd(markdown), piece)
  return {
    merge,
    placement: {
      ...base,
      action: 'end',
      section: null,
      reason: 'no section named; appended at the end',
    },
  }
}
