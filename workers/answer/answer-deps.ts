// Narrows the composition root's Deps to what the answer stages use, adding the emitter.
import type { Deps } from '../deps'
import { createTermStatisticsSource, librarySpelling } from '../grounding'
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
    spelling: librarySpelling(deps.db, deps.config.knowledge.askNamespaces),
    namespaces: deps.config.knowledge.askNamespaces,
    now: deps.now,
    emit,
  }
}
