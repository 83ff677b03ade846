// An APA entry's Markdown (citeproc's italics as *…*, references.ts) as inline HTML for a view
// that shows it: the title in <i>, never the asterisks. Dependency-free, so the share page and
// the web's debate cards render entries with this one function.

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
}

/**
 * `*Title*` as <i>, `**x**` as <b>, everything else escaped as text. An asterisk with no partner
 * is a character of the entry and stays.
 */
export function apaInlineHtml(apa: string): string {
  return escapeText(apa)
    .replace(/\*\*([^*]+)\*\*/g, '<b>$1</b>')
    .replace(/\*([^*\s](?:[^*]*[^*\s])?)\*/g, '<i>$1</i>')
}
