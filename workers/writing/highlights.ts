// Seed 000 step 2: attached highlights (type "highlight", or text starting "Highlight:")
// become an [ATTACHED_HIGHLIGHTS] block appended to the user's message.
import type { AttachedSection } from './schemas'

function textOf(section: AttachedSection): string {
  return (section.text ?? section.content ?? '').trim()
}

export function isHighlight(section: AttachedSection): boolean {
  return section.type === 'highlight' || /^highlight:/i.test(textOf(section))
}

export function highlightsBlock(sections: AttachedSection[]): string {
  const lines = sections.filter(isHighlight).flatMap((section) => {
    const text = textOf(section)
      .replace(/^highlight:\s*/i, '')
      .replace(/\s+/g, ' ')
    if (!text) return []
    const extras = [
      section.note?.trim() ? `Note: ${section.note.trim()}` : '',
      section.source?.trim() ? `Source: ${section.source.trim()}` : '',
    ].filter(Boolean)
    return [`- ${text}${extras.length ? ` (${extras.join('; ')})` : ''}`]
  })
  return lines.length ? `[ATTACHED_HIGHLIGHTS]\n${lines.join('\n')}` : ''
}

/** The highlighted passages' own words (what a request like "expand on this" is about). */
export function highlightTexts(sections: AttachedSection[]): string {
  return sections
    .filter(isHighlight)
    .map((s) => textOf(s).replace(/^highlight:\s*/i, ''))
    .join(' ')
}

/** The message as the model reads it: the user's words, then their highlights. */
export function withHighlights(message: string, sections: AttachedSection[]): string {
  const block = highlightsBlock(sections)
  return block ? `${message}\n\n${block}` : message
}
