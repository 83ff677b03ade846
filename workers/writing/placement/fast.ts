// The deterministic placer for any document length: headings by a line scan (headings.ts),
// the section the user named (or a new section they asked for, or the end), and the merge
// spliced in at that offset — no full parse, so a 25,000-word paper stays within budget.
import { splice, type Merge } from './apply'
import { matchSection, newSectionAsked } from './deterministic'
import { bodyEnd, scanHeadings, type HeadingLine } from './headings'
import type { Placement } from './types'

export interface FastPlacement {
  merge: Merge
  placement: Placement & { section: string | null }
}

function docEnd(markdown: string): number {
  let end = markdown.length
  while (end > 0 && /\s/.test(markdown[end - 1] ?? '')) end -= 1
  return end
}

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
    const asked = newSectionAsked(message)
    if (asked) {
      const merge = splice(markdown, docEnd(markdown), `## ${asked}\n\n${piece}`)
      return {
        merge,
        placement: {
          ...base,
          action: 'new_section',
          heading: asked,
          section: asked,
          reason: 'asked for a new section',
        },
      }
    }
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
