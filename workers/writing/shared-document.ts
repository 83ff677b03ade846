// The session's document as a share link shows it: its current text with its in-text
// citations and References section (the same Markdown the export gives). Null when it has none.
import type { SessionStub } from '../session'
import { citedMarkdown } from './cited-document'
import { readCitedDocument } from './document-citations'

export interface SharedDocument {
  markdown: string
  version: number
}

export async function documentForShare(
  db: D1Database,
  stub: SessionStub,
  sessionId: string,
): Promise<SharedDocument | null> {
  const document = await readCitedDocument(db, stub, sessionId)
  if (!document.markdown.trim()) return null
  return { markdown: citedMarkdown(document.cited), version: document.version }
}
