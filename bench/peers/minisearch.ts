// MiniSearch with its defaults (BM25+ over title and text, OR of terms, no fuzzy or prefix).
import MiniSearch from 'minisearch'
import type { Peer, PeerDoc } from './types'

export function miniSearchPeer(): Peer {
  const engine = new MiniSearch<PeerDoc>({ fields: ['title', 'text'], idField: 'id' })
  return {
    name: 'minisearch',
    async build(docs) {
      engine.addAll(docs)
    },
    async search(query, depth) {
      return engine
        .search(query)
        .slice(0, depth)
        .map((hit) => String(hit.id))
    },
  }
}
