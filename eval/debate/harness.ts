// One scripted debate through the real runDebate in Node: the session store over node:sqlite,
// the real local D1 knowledge base and retriever (offline embedder, no model reranker), the
// real arXiv/Crossref clients over an in-process fetch that finds nothing (so the knowledge
// base is the evidence and nothing leaves the machine), and the scripted scientists as model.
import { parseConfig, type Config } from '../../workers/config'
import { runDebate, type TranscriptEntry } from '../../workers/debate'
import type { Deps } from '../../workers/deps'
import { createCorpusSearch, createRetriever, type RetrievedChunk } from '../../workers/retrieval'
import type { RunOutcome } from '../../workers/session'
import { createSessionTables } from '../../workers/session/session-tables'
import { createSqlStore } from '../../workers/session/sql-store'
import { createRateGate, createSafeFetch, createScholarlyClients } from '../../workers/sources'
import type { Packet } from '../../workers/stream'
import type { IndexedCorpus } from '../pipeline'
import { scriptedScientists, type ScriptedTurn } from './scripted-model'
import { createNodeSqlStorage } from './sqlite-storage'

const EMPTY_ARXIV =
  '<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/"><opensearch:totalResults>0</opensearch:totalResults></feed>'
const EMPTY_CROSSREF = '{"status":"ok","message":{"total-results":0,"items":[]}}'

/** arXiv and Crossref reached, finding nothing: every turn debates over the knowledge base. */
async function noResults(url: string): Promise<Response> {
  return url.includes('arxiv')
    ? new Response(EMPTY_ARXIV, { headers: { 'content-type': 'application/atom+xml' } })
    : new Response(EMPTY_CROSSREF, { headers: { 'content-type': 'application/json' } })
}

export interface DebateRecord {
  question: string
  outcome: RunOutcome & { transcript: TranscriptEntry[]; terminal: string }
  packets: Packet[]
  /** What each model call was given and wrote, in turn order. */
  scripted: ScriptedTurn[]
  /** Each retrieval's chunks, in turn order (documents are numbered in this order). */
  retrieved: RetrievedChunk[][]
}

function evalConfig(maxTurns: number): Config {
  const config = parseConfig({})
  return { ...config, debate: { ...config.debate, maxTurns, ingestTimeoutMs: 5_000 } }
}

function debateDeps(
  index: IndexedCorpus,
  model: ReturnType<typeof scriptedScientists>,
  maxTurns: number,
) {
  const config = evalConfig(maxTurns)
  const inner = createRetriever({
    config,
    db: index.db,
    embedder: index.embedder,
    vectors: index.vectors,
    models: null,
  })
  const retrieved: RetrievedChunk[][] = []
  const retriever: Deps['retriever'] = {
    async retrieve(query, options, signal) {
      const result = await inner.retrieve(query, options, signal)
      retrieved.push(result.chunks)
      return result
    },
  }
  const corpusSearch = createCorpusSearch(retriever, config.knowledge.askNamespaces)
  const gate = createRateGate({ intervalMs: 0 })
  const deps: Deps = {
    config,
    db: index.db,
    models: { main: model, fast: model },
    embedder: index.embedder,
    vectors: index.vectors,
    retriever,
    webSearch: corpusSearch,
    corpusSearch,
    scholarly: createScholarlyClients(config, { fetchImpl: noResults, arxivGate: gate }),
    safeFetch: createSafeFetch(config),
    // A debate run enqueues nothing, keeps no PDF, opens no other session and starts no research.
    ingestQueue: null as unknown as Queue,
    papersPdf: null as unknown as R2Bucket,
    sessions: null as unknown as Deps['sessions'],
    researchWorkflow: null as unknown as Deps['researchWorkflow'],
    now: () => Date.now(),
  }
  return { deps, retrieved }
}

export async function runScriptedDebate(input: {
  index: IndexedCorpus
  question: string
  seed: number
  maxTurns: number
}): Promise<DebateRecord> {
  const model = scriptedScientists(input.seed)
  const { deps, retrieved } = debateDeps(input.index, model, input.maxTurns)
  const storage = createNodeSqlStorage()
  try {
    createSessionTables(storage.sql)
    const sessionId = crypto.randomUUID()
    const store = createSqlStore(storage.sql, sessionId, deps.now)
    const packets: Packet[] = []
    const outcome = await runDebate({
      sessionId,
      runId: crypto.randomUUID(),
      input: { message: input.question, tools: [], history: [] },
      deps,
      store,
      signal: new AbortController().signal,
      emit: (packet) => void packets.push(packet),
    })
    return {
      question: input.question,
      outcome: outcome as DebateRecord['outcome'],
      packets,
      scripted: model.turns,
      retrieved,
    }
  } finally {
    storage.close()
  }
}
