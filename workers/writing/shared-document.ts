// The session's document as a share link shows it: its current text with the references of
// the approved content appended (the same Markdown the export gives). Null when it has none.
import { callOperation } from '../http'
import type { SessionStub } from '../session'
import { readDocument } from './documents'
import { markdownWithReferences, resolveReferences } from './export'
import { writingOperations } from './operations'

export interface SharedDocument {
  markdown: string
  version: number
}

export async function documentForShare(
  db: D1Database,
  stub: SessionStub,
  sessionId: string,
): Promise<SharedDocument | null> {
  const document = await readDocument(db, sessionId)
  if (!document.markdown.trim()) return null
  const sources = await callOperation(stub, writingOperations.approvedSources, {})
  const refs = await resolveReferences(db, sources)
  return { markdown: markdownWithReferences(document.markdown, refs), version: document.version }
}
