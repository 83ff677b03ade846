// Narrows the composition root's Deps to what the answer stages use, adding the emitter.
import type { Deps } from '../deps'
import { createAcademicSearch } from '../sources'
import type { AnswerDeps } from './types'

export function toAnswerDeps(deps: Deps, emit: AnswerDeps['emit']): AnswerDeps {
  return {
    mode: deps.config.mode,
    models: deps.models,
    webSearch: deps.webSearch,
    corpusSearch: deps.corpusSearch,
    academicSearch: createAcademicSearch({ scholarly: deps.scholarly, corpus: deps.corpusSearch }),
    safeFetch: deps.safeFetch,
    // IDF for the relevance judgement: set to createTermStatisticsSource(deps.db) from
    // ../grounding once that lands (helper A); without it, plain term coverage judges.
    termStats: undefined,
    now: deps.now,
    emit,
  }
}
