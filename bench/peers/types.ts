// The common interface every retrieval peer in the peers benchmark implements: build an index
// over BEIR documents once, then answer queries with ranked document ids (best first).

export interface PeerDoc {
  id: string
  title: string
  text: string
}

export interface Peer {
  /** Name shown in the results table. */
  name: string
  /** Indexes every document; called once before any search. */
  build(docs: PeerDoc[]): Promise<void>
  /** Up to `depth` document ids, best first. */
  search(query: string, depth: number): Promise<string[]>
  /** Frees what build() opened (databases, proxies). */
  close?(): Promise<void>
}
