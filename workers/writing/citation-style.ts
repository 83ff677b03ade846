// The document's citation style, chosen per document: numbered ("[1]") or author–year
// ("(Smith et al., 2020)"). Kept in the session object beside the content it cites.
import { z } from 'zod'

export const citationStyleSchema = z.enum(['numbered', 'author-year'])
export type CitationStyle = z.infer<typeof citationStyleSchema>

export const DEFAULT_CITATION_STYLE: CitationStyle = 'numbered'

function table(sql: SqlStorage): SqlStorage {
  sql.exec(`CREATE TABLE IF NOT EXISTS writing_settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  )`)
  return sql
}

export function readCitationStyle(sql: SqlStorage): CitationStyle {
  const row = table(sql)
    .exec<{ value: string }>("SELECT value FROM writing_settings WHERE key = 'citation_style'")
    .toArray()[0]
  const parsed = citationStyleSchema.safeParse(row?.value)
  return parsed.success ? parsed.data : DEFAULT_CITATION_STYLE
}

export function writeCitationStyle(sql: SqlStorage, style: CitationStyle): CitationStyle {
  table(sql).exec(
    `INSERT INTO writing_settings (key, value) VALUES ('citation_style', ?)
     ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
    style,
  )
  return style
}
