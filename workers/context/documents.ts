// How documents are shown to the model: the seed's JSON, one document per line, with the cite
// number first and the long contents last (models attend locally even with global access).
import type { ContextDocument } from './chat-message'

/** Lead-in for documents placed in a user message (files, project); tool results carry only JSON. */
export const DOCUMENTS_PREFIX = 'Documents for context follow. Not all of them may be relevant:'

/** Key order matters: the number to cite, then title, url and metadata, then contents. */
function documentLine(doc: ContextDocument): string {
  const ordered: Record<string, string | number> = { document: doc.document, title: doc.title }
  if (doc.url) ordered.url = doc.url
  if (doc.metadata) ordered.metadata = doc.metadata
  ordered.contents = doc.contents
  return JSON.stringify(ordered)
}

/** The documents JSON alone, as a search tool returns it to the model. */
export function documentsJson(docs: ContextDocument[]): string {
  if (docs.length === 0) return '{\n  "documents": []\n}'
  const lines = docs.map((doc) => `    ${documentLine(doc)}`).join(',\n')
  return `{\n  "documents": [\n${lines}\n  ]\n}`
}

/** The documents JSON with its lead-in, for a user message. */
export function documentsMessage(docs: ContextDocument[]): string {
  return `${DOCUMENTS_PREFIX}\n${documentsJson(docs)}`
}
