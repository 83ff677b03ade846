// A session's document with its citations: the stored markdown, what the approved content was
// written from and the chosen style, read together and laid over one another.
import { callOperation } from '../http'
import type { SessionStub } from '../session'
import { citeDocument, citedBibtex, type CitedDocument } from './cited-document'
import { readDocument, type DocumentView } from './documents'
import { writingOperations } from './operations'

export interface DocumentWithCitations extends DocumentView {
  cited: CitedDocument
}

export async function readCitedDocument(
  db: D1Database,
  stub: SessionStub,
  sessionId: string,
): Promise<DocumentWithCitations> {
  const [document, pieces, style] = await Promise.all([
    readDocument(db, sessionId),
    callOperation(stub, writingOperations.placedPieces, {}),
    callOperation(stub, writingOperations.readStyle, {}),
  ])
  const cited = await citeDocument(db, { markdown: document.markdown, pieces, style })
  return { ...document, cited }
}

export async function readDocumentBibtex(
  db: D1Database,
  stub: SessionStub,
  sessionId: string,
): Promise<string> {
  const [document, pieces] = await Promise.all([
    readDocument(db, sessionId),
    callOperation(stub, writingOperations.placedPieces, {}),
  ])
  return citedBibtex(db, { markdown: document.markdown, pieces })
}
