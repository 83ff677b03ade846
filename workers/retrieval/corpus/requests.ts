// A corpus row -> one IndexRequest: source kind 'corpus', externalId `<corpus>:<_id>`, the
// text as the only page. A URL or DOI is kept only when the row itself carries one.
import { LIBRARY_NAMESPACE } from '../../namespaces'
import type { IndexRequest } from '../indexer-types'
import type { CorpusRow } from './jsonl'

function stringField(meta: Record<string, unknown> | undefined, key: string): string | null {
  const value = meta?.[key]
  return typeof value === 'string' && value.trim() ? value.trim() : null
}

/** A data set's row goes to the library unless the caller names another namespace. */
export function corpusIndexRequest(
  row: CorpusRow,
  options: { corpus: string; namespace?: string },
): IndexRequest | null {
  const text = row.text.trim()
  if (!text) return null
  const title = row.title.trim() || `${options.corpus} ${row._id}`
  const url = stringField(row.metadata, 'url')
  const doi = stringField(row.metadata, 'doi')
  return {
    source: {
      kind: 'corpus',
      externalId: `${options.corpus}:${row._id}`,
      title,
      abstract: text,
      url: url && /^https?:\/\//i.test(url) ? url : null,
      doi,
      metadata: { dataset: options.corpus },
    },
    documents: [{ title, pages: [{ page: null, text }] }],
    namespace: options.namespace ?? LIBRARY_NAMESPACE,
  }
}
