// LangChain.js BM25: a BaseRetriever over okapibm25, as @langchain/community's BM25Retriever
// does (that package cannot be installed beside openai v6): query lower-cased and split on
// white space, every document scored per query, top k kept. Query terms are regex-escaped,
// since okapibm25 builds a RegExp from each term and raw terms such as "(p53" would throw.
import { Document } from '@langchain/core/documents'
import { BaseRetriever } from '@langchain/core/retrievers'
import * as okapi from 'okapibm25'
import type { Peer, PeerDoc } from './types'

// okapibm25 is CommonJS with `exports.default`; under tsx's interop the function may sit one
// level deeper, so take whichever is callable.
type Bm25Fn = typeof okapi.default
const interop = okapi as unknown as { default: Bm25Fn | { default: Bm25Fn } }
const BM25: Bm25Fn =
  typeof interop.default === 'function' ? interop.default : interop.default.default

const escapeRegex = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function toDocuments(docs: PeerDoc[]): Document[] {
  return docs.map(
    (doc) => new Document({ pageContent: `${doc.title}\n${doc.text}`, metadata: { id: doc.id } }),
  )
}

export class OkapiBm25Retriever extends BaseRetriever {
  override lc_namespace = ['quire', 'bench', 'bm25']
  constructor(
    private readonly docs: Document[],
    private readonly k: number,
  ) {
    super()
  }

  override async _getRelevantDocuments(query: string): Promise<Document[]> {
    const terms = query.toLowerCase().split(/\s+/).filter(Boolean).map(escapeRegex)
    const scores = BM25(
      this.docs.map((d) => d.pageContent),
      terms,
    ) as number[]
    return this.docs
      .map((doc, i) => ({ doc, score: scores[i] ?? 0 }))
      .sort((a, b) => b.score - a.score)
      .slice(0, this.k)
      .map((hit) => hit.doc)
  }
}

export const idsOf = (docs: Document[]): string[] => docs.map((d) => String(d.metadata.id))

export function langchainBm25Peer(depth: number): Peer {
  let retriever: OkapiBm25Retriever | undefined
  return {
    name: 'langchain bm25',
    async build(docs) {
      retriever = new OkapiBm25Retriever(toDocuments(docs), depth)
    },
    async search(query, k) {
      if (!retriever) throw new Error('langchain bm25: build() first')
      return idsOf(await retriever.invoke(query)).slice(0, k)
    },
  }
}
