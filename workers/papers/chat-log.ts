// Paper chat's logged retrieval: the same hybrid retriever, built per request over an embedder
// and models that report each call to the request's PaperLog (the seed's SessionLogger).
import type { Deps } from '../deps'
import { createRetriever } from '../retrieval'
import type { EvidenceDeps } from './evidence'
import { loggingEmbedder, loggingModels, type PaperLog } from './session-log'

export function loggedEvidenceDeps(deps: Deps, log: PaperLog): EvidenceDeps {
  const retriever = createRetriever({
    config: deps.config,
    db: deps.db,
    embedder: loggingEmbedder(deps.embedder, log, deps.now),
    vectors: deps.vectors,
    models: loggingModels(deps.models, log, deps.now),
  })
  return { retriever, db: deps.db }
}
