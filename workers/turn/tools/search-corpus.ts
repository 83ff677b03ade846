// search_corpus: hybrid retrieval over the knowledge base (deps.retriever), returned to the
// model as numbered documents; when none addresses the query the tool says "no relevant
// documents" instead of handing over weak ones.
import { z } from 'zod'
import { documentsJson, type SourceDocument } from '../../context'
import { ValidationError } from '../../errors'
import {
  createTermStatisticsSource,
  judgeForReader,
  stripReferenceMarkers,
  type TermStatisticsSource,
} from '../../grounding'
import type { RetrievedChunk } from '../../retrieval'
import { sourcesOf, type TurnTool } from './types'

const argsSchema = z.object({ query: z.string().trim().min(1).max(500) })

/** Keeps one call's results well inside the window; several calls may run in a turn. */
const RESULT_TOKEN_BUDGET = 6_000

function chunkMetadata(chunk: RetrievedChunk): string | undefined {
  const parts = [
    chunk.authors.slice(0, 3).join(', '),
    chunk.year ? String(chunk.year) : '',
    chunk.page === null ? '' : `page ${chunk.page}`,
  ].filter(Boolean)
  return parts.length > 0 ? parts.join('; ') : undefined
}

export function chunkToDocument(chunk: RetrievedChunk): SourceDocument {
  const url = chunk.url ?? (chunk.doi ? `https://doi.org/${chunk.doi}` : undefined)
  return {
    title: chunk.title,
    url,
    metadata: chunkMetadata(chunk),
    // The passage's own reference markers ("[12]") would read as citations of ours.
    contents: stripReferenceMarkers(chunk.content),
    source: {
      title: chunk.title,
      url,
      snippet: chunk.content.slice(0, 240),
      sourceId: chunk.sourceId,
      chunkId: chunk.chunkId,
      page: chunk.page,
      date: chunk.year ? String(chunk.year) : null,
    },
  }
}

export const NO_RELEVANT_DOCUMENTS =
  'No relevant documents: the knowledge base has nothing that addresses this query.'

/**
 * Whether the retrieved passages go to the reader at all. A model reads them all (it weighs
 * them, weaker ones add context, and it judges whether any addresses the query), so they are
 * withheld only when none holds a word of the query; offline the lexical judgement decides.
 */
async function addressesQuery(
  query: string,
  chunks: RetrievedChunk[],
  read: { statsOf: TermStatisticsSource; modelReads: boolean },
  signal: AbortSignal,
): Promise<boolean> {
  if (chunks.length === 0) return false
  const stats = read.modelReads ? undefined : await read.statsOf(query, signal)
  const passages = chunks.map((c) => ({ title: c.title, text: c.content }))
  return !judgeForReader(query, passages, stats, read.modelReads).abstain
}

export interface SearchCorpusOptions {
  /**
   * Namespaces to search per session (e.g. a session's loaded papers). Default: the shared
   * library as configured (ASK_NAMESPACES).
   */
  namespaces?: (sessionId: string) => readonly string[]
  /** What the knowledge base holds, for the tool description and prompt guidance. */
  describes?: string
}

/** A search_corpus tool over any namespace: capabilities reuse the engine with their own. */
export function createSearchCorpusTool(options: SearchCorpusOptions = {}): TurnTool {
  const holds = options.describes ?? 'the knowledge base (papers, ingested documents)'
  return {
    spec: {
      name: 'search_corpus',
      description: `Search ${holds} for passages on a query.`,
      parameters: z.toJSONSchema(argsSchema),
    },
    guidance:
      `search ${holds}. Use it for questions these documents may answer; phrase the query as ` +
      'keywords or a short question.',
    returnsDocuments: true,
    async run(args, { deps, signal, numbering, sessionId, withoutModel }) {
      const parsed = argsSchema.safeParse(args)
      if (!parsed.success) throw new ValidationError('search_corpus needs {"query": string}')
      const { query } = parsed.data
      const namespaces = options.namespaces?.(sessionId) ?? deps.config.knowledge.askNamespaces
      const modelReads = deps.models !== null && !withoutModel
      const retrieveOptions = {
        namespaces,
        tokenBudget: RESULT_TOKEN_BUDGET,
        // A model that failed is not asked again to plan the search or grade its results.
        ...(modelReads ? {} : { plan: {}, stages: { rerank: false } }),
      }
      const result = await deps.retriever.retrieve(query, retrieveOptions, signal)
      const read = { statsOf: createTermStatisticsSource(deps.db, namespaces), modelReads }
      if (!(await addressesQuery(query, result.chunks, read, signal)))
        return {
          content: NO_RELEVANT_DOCUMENTS,
          summary: `no relevant documents in the knowledge base for "${query}"`,
          documents: [],
          sources: [],
        }
      const documents = numbering.assign(result.chunks.map(chunkToDocument))
      return {
        content: documentsJson(documents),
        summary: `${documents.length} passages from the knowledge base for "${query}"`,
        documents,
        sources: sourcesOf(documents, numbering),
      }
    },
  }
}

export const searchCorpusTool: TurnTool = createSearchCorpusTool()
