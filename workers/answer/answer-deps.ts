// Narrows the composition root's Deps to what the answer stages use, adding the emitter.
import type { Deps } from '../deps'
import { chunkHoldingTerm, indexTermsNear } from '../db'
import { createTermStatisticsSource } from '../grounding'
import { createAcademicSearch } from '../sources'
import type { AnswerDeps } from './types'

export function toAnswerDeps(deps: Deps, emit: AnswerDeps['emit']): AnswerDeps {
  return {
    mode: deps.config.mode,
    models: deps.models,
    webSearch: deps.webSearch,
    webSearchConfigured: deps.config.search.provider !== 'corpus',
    corpusSearch: deps.corpusSearch,
    academicSearch: (library) =>
      createAcademicSearch({ scholarly: deps.scholarly, corpus: library }),
    safeFetch: deps.safeFetch,
    // IDF from the searched namespaces weighs rare question words above common ones.
    termStats: createTermStatisticsSource(deps.db, deps.config.knowledge.askNamespaces),
    spelling: {
      near: (stem, edits) => indexTermsNear(deps.db, stem, edits),
      textHolding: async (term) => {
        const chunk = await chunkHoldingTerm(deps.db, term, deps.config.knowledge.askNamespaces)
        return chunk && `${chunk.title}\n${chunk.content}`
      },
    },
    namespaces: deps.config.knowledge.askNamespaces,
    now: deps.now,
    emit,
  }
}
