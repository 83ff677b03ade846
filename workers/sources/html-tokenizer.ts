// HTML as a flat token stream (start tags with attributes, end tags, text), read by
// htmlparser2: tolerant of broken markup, raw-text elements (script, style, textarea, title)
// never parsed as markup, entities decoded in text and attribute values.
import { Parser } from 'htmlparser2'

export type HtmlToken =
  | { kind: 'start'; name: string; attrs: Record<string, string> }
  | { kind: 'end'; name: string }
  /** Entities already decoded. */
  | { kind: 'text'; text: string }

/** Tokens of a whole page, in order; implied end tags (htmlparser2 closes them) included. */
export function tokenizeHtml(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = []
  const parser = new Parser(
    {
      onopentag: (name, attrs) => tokens.push({ kind: 'start', name, attrs }),
      onclosetag: (name) => tokens.push({ kind: 'end', name }),
      ontext: (text) => {
        const last = tokens[tokens.length - 1]
        if (last?.kind === 'text') last.text += text
        else tokens.push({ kind: 'text', text })
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  parser.end(html)
  return tokens
}
