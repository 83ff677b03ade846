// Turns small markup fragments (Crossref's JATS/HTML abstracts, search-API snippets) into plain
// text: tags dropped, block boundaries kept as paragraph breaks, entities decoded.
import { decodeHTML } from 'entities'

const BLOCK_TAGS =
  /<\/?(?:jats:)?(?:p|sec|div|list|list-item|li|ul|ol|br|h[1-6]|table|tr|blockquote|section|title|label|caption|fig)\b[^>]*>/gi
const LEADING_HEADING =
  /^\s*<(?:jats:)?(title|h[1-6]|b|strong|p)\b[^>]*>\s*(?:abstract|summary)\s*[:.]?\s*<\/(?:jats:)?\1>/i

/** Collapses whitespace inside paragraphs and separates paragraphs with one blank line. */
export function normaliseParagraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n')
}

/** Inline markup to one line of plain text (search snippets, titles). */
export function stripInlineMarkup(fragment: string): string {
  return decodeHTML(fragment.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim()
}

// Marks "glue the next paragraph to this lead-in"; removed with the whitespace after it.
const JOIN = '\ue000' // private use: never meaningful in an abstract

/** Section titles inside an abstract ("Objective", "Methods") read as a lead-in. */
function markSectionTitles(fragment: string): string {
  return fragment.replace(
    /<(?:jats:)?title\b[^>]*>([\s\S]*?)<\/(?:jats:)?title>/gi,
    (_, t: string) => {
      const title = t.replace(/<[^>]*>/g, '').trim()
      return title ? `\n\n${title}: ${JOIN}` : ''
    },
  )
}

/**
 * A Crossref abstract (JATS XML or HTML) as plain paragraphs, without its "Abstract" /
 * "Summary" heading. Returns null when nothing readable is left.
 */
export function cleanAbstract(raw: string): string | null {
  let text = raw.replaceAll(JOIN, '').replace(LEADING_HEADING, '')
  text = markSectionTitles(text)
  text = text
    .replace(BLOCK_TAGS, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/\ue000\s*/g, '')
  text = normaliseParagraphs(decodeHTML(text))
  // A plain-text heading that survived the markup ("Abstract: ...", "ABSTRACT ...").
  text = text.replace(/^(?:abstract|summary)\s*[:.\u2014-]\s*/i, '').replace(/^ABSTRACT\s+/, '')
  return text ? text : null
}
