// wink-bm25-text-search (BM25F) with the preparation pipeline its README uses (wink-nlp-utils:
// lower case, tokenize, negation propagation, stop words out, stemming); the engine has no
// built-in tokenizer, so some pipeline must be given.
import bm25 from 'wink-bm25-text-search'
import nlp from 'wink-nlp-utils'
import type { Peer } from './types'

const PIPELINE = [
  nlp.string.lowerCase,
  nlp.string.tokenize0,
  nlp.tokens.propagateNegations,
  nlp.tokens.removeWords,
  nlp.tokens.stem,
]

export function winkPeer(): Peer {
  const engine = bm25()
  return {
    name: 'wink-bm25-text-search',
    async build(docs) {
      engine.defineConfig({ fldWeights: { title: 1, text: 1 } })
      engine.definePrepTasks(PIPELINE)
      for (const doc of docs) engine.addDoc({ title: doc.title, text: doc.text }, doc.id)
      engine.consolidate()
    },
    async search(query, depth) {
      return engine.search(query, depth).map(([id]) => id)
    },
  }
}
