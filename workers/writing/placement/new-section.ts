// The deterministic placer's new section: the heading the user named, at the level of the
// document's own sections, in the slot a paper's usual order gives it (or in the section a
// subsection was asked under). A section of that name already there takes the content instead.
import { splice, type Merge } from './apply'
import { matchSection, targetPhrases } from './deterministic'
import { bodyEnd, type HeadingLine } from './headings'
import { afterSection, sameSection, sectionDepth, sectionSlot } from './section-order'
import type { SectionRequest } from './section-request'
import type { Placement } from './types'

export interface FastPlacement {
  merge: Merge
  placement: Placement & { section: string | null }
}

/** Where the document's text ends, trailing blank lines left out. */
export function docEnd(markdown: string): number {
  let end = markdown.length
  while (end > 0 && /\s/.test(markdown[end - 1] ?? '')) end -= 1
  return end
}

/** The section a subsection was asked under ("… subsection under Methods"), if named. */
function parentOf(headings: HeadingLine[], message: string, request: SectionRequest): number {
  const rest = message.slice(0, request.start) + message.slice(request.end)
  if (targetPhrases(rest)[0] === rest) return -1
  const match = matchSection(headings, rest)
  return match ? headings.indexOf(match.heading) : -1
}

export function mergeNewSection(
  markdown: string,
  piece: string,
  message: string,
  request: SectionRequest,
  headings: HeadingLine[],
): FastPlacement {
  const base = { target: null, replace: [] as string[] }
  const parent = request.isSubsection ? parentOf(headings, message, request) : -1
  const top = sectionDepth(headings)
  const depth = Math.min(
    6,
    parent >= 0 ? (headings[parent]?.depth ?? top) + 1 : top + Number(request.isSubsection),
  )
  const existing = sameSection(headings, request.heading, depth)
  if (existing >= 0) {
    const title = headings[existing]?.title ?? request.heading
    const merge = splice(markdown, bodyEnd(markdown, headings, existing), piece)
    const reason = `asked for a "${request.heading}" section; the document has one`
    return {
      merge,
      placement: { ...base, heading: '', action: 'append_to_section', section: title, reason },
    }
  }
  const slot =
    parent >= 0 ? afterSection(headings, parent) : sectionSlot(headings, request.heading, depth)
  const at = slot === null ? docEnd(markdown) : (headings[slot]?.start ?? docEnd(markdown))
  const merge = splice(markdown, at, `${'#'.repeat(depth)} ${request.heading}\n\n${piece}`)
  const where = slot === null ? 'at the end' : `before "${headings[slot]?.title ?? ''}"`
  return {
    merge,
    placement: {
      ...base,
      action: 'new_section',
      heading: request.heading,
      section: request.heading,
      reason: `asked for a new section; placed ${where}`,
    },
  }
}
