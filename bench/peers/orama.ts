// Orama with its defaults (full-text BM25 over the string fields of its schema).
import { create, insertMultiple, search, type AnyOrama } from '@orama/orama'
import type { Peer } from './types'

export function oramaPeer(): Peer {
  let db: AnyOrama | undefined
  return {
    name: 'orama',
    async build(docs) {
      db = create({ schema: { title: 'string', text: 'string' } as const })
      await insertMultiple(db, docs, 500)
    },
    async search(query, depth) {
      if (!db) throw new Error('orama: build() first')
      const result = await search(db, { term: query, limit: depth })
      return result.hits.map((hit) => String(hit.id))
    },
  }
}
