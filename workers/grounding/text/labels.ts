// Names and titles shown as one line of text (file names, PDF titles): what a sender or a PDF
// producer put there may hold NUL, ESC (terminal escapes in logs), other control characters
// or line breaks, none of which belongs in a label.
const CONTROLS_AND_BREAKS = /[\p{Cc}\u2028\u2029]+/gu

/** The label on one line: control characters as spaces, whitespace runs collapsed, trimmed. */
export function plainLabel(text: string): string {
  return text.replace(CONTROLS_AND_BREAKS, ' ').replace(/\s+/g, ' ').trim()
}
