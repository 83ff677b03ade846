// Composition root: Config + bindings -> the chosen adapters. The only place that picks
// adapters; capability code receives Deps (c.var.deps, the queue handler, SessionDO).
import { getConfig, type Config } from './config'
import { createChatModels, createDiscoveryModel, type ChatModel, type ChatModels } from './llm'
import { createTermStatisticsSource } from './grounding'
import {
  createCorpusSearch,
  createEmbedder,
  createRetriever,
  createVectorStore,
  type Embedder,
  type Retriever,
  type VectorStore,
} from './retrieval'
import {
  createSafeFetch,
  createScholarlyClients,
  createWebSearch,
  type SafeFetch,
  type ScholarlyClients,
  type WebSearchProvider,
} from './sources'

export interface Deps {
  config: Config
  db: D1Database
  /** null in offline mode: every model step takes its deterministic fallback. */
  models: ChatModels | null
  /** Paper Brain's model on its own key (seed 004); unset: `models.fast`. */
  discoveryModel?: ChatModel | null
  embedder: Embedder
  vectors: VectorStore
  retriever: Retriever
  /** The configured web search provider (the corpus when offline or unconfigured). */
  webSearch: WebSearchProvider
  /** The local knowledge base as a search provider. */
  corpusSearch: WebSearchProvider
  scholarly: ScholarlyClients
  safeFetch: SafeFetch
  ingestQueue: Queue
  /** Paper PDFs kept per session (R2). */
  papersPdf: R2Bucket
  sessions: Env['SESSION_DO']
  /** Deep-research runs, one Workflow instance each (issue 51). */
  researchWorkflow: Env['RESEARCH_WORKFLOW']
  now: () => number
}

const cache = new WeakMap<object, Deps>()

export function makeDeps(env: Env): Deps {
  const cached = cache.get(env)
  if (cached) return cached
  const config = getConfig(env)
  const models = createChatModels(config, env.AI)
  const embedder = createEmbedder(config, env.AI)
  const vectors = createVectorStore(config, {
    db: env.DB,
    vectorize: env.VECTORIZE,
    space: embedder.id,
  })
  const retriever = createRetriever({ config, db: env.DB, embedder, vectors, models })
  const askNamespaces = config.knowledge.askNamespaces
  const corpusSearch = createCorpusSearch(
    retriever,
    askNamespaces,
    createTermStatisticsSource(env.DB, askNamespaces),
  )
  const safeFetch = createSafeFetch(config)
  const deps: Deps = {
    config,
    db: env.DB,
    models,
    discoveryModel: createDiscoveryModel(config, env.AI),
    embedder,
    vectors,
    retriever,
    webSearch: createWebSearch(config, corpusSearch),
    corpusSearch,
    scholarly: createScholarlyClients(config),
    safeFetch,
    ingestQueue: env.INGEST_QUEUE,
    papersPdf: env.PAPERS_PDF,
    sessions: env.SESSION_DO,
    researchWorkflow: env.RESEARCH_WORKFLOW,
    now: () => Date.now(),
  }
  cache.set(env, deps)
  return deps
}
