// Stage 1's inputs, gathered before the model is asked (seed 000 steps 3-6): the document
// context by semantic search, the structure summary, the document types, knowledge-base
// evidence for grounding, and the pending or rejected content a revision or rewrite builds on.
import type { Deps } from '../deps'
import type { RetrievedChunk } from '../retrieval'
import { readDocument, type DocumentView } from './documents'
import { documentContext, type DocumentContext } from './document-context'
import { readTypes, typesList } from './document-types'
import { currentPending, latestPending, type PendingRecord } from './pending-store'
import type { PromptContext } from './prompts'
import { parseBlocks, structureSummary } from './structure'

export interface Stage1Context {
  document: DocumentView
  context: DocumentContext
  evidence: RetrievedChunk[]
  pending?: PendingRecord
  rejected?: PendingRecord
  prompt: PromptContext
  fallbacks: string[]
}

async function retrieveEvidence(
  deps: Deps,
  query: string,
  signal: AbortSignal,
): Promise<{ chunks: RetrievedChunk[]; fallbacks: string[] }> {
  try {
    // No model calls inside retrieval here: query variations and reranking are off, so the
    // only model call of the request is the writing step itself.
    const result = await deps.retriever.retrieve(
      query,
      {
        namespaces: deps.config.knowledge.askNamespaces,
        topN: deps.config.writing.evidencePassages,
        tokenBudget: 4_000,
        stages: { queryVariations: false, rerank: false },
        plan: { variations: [] },
      },
      signal,
    )
    return {
      chunks: result.chunks.slice(0, deps.config.writing.evidencePassages),
      fallbacks: result.fallbacks ?? [],
    }
  } catch (error) {
    if (signal.aborted) throw error
    return { chunks: [], fallbacks: ['evidence:retrieval_failed'] }
  }
}

function evidenceText(chunks: RetrievedChunk[]): string {
  return chunks
    .map(
      (c, i) =>
        `[${i + 1}] ${c.title}${c.url ? ` <${c.url}>` : ''}${c.doi ? ` doi:${c.doi}` : ''}\n${c.content.slice(0, 1_200)}`,
    )
    .join('\n\n')
}

export async function gatherStage1Context(
  options: { deps: Deps; sql: SqlStorage; sessionId: string; query: string; isRewrite: boolean },
  signal: AbortSignal,
): Promise<Stage1Context> {
  const { deps, sessionId, query } = options
  const document = await readDocument(deps.db, sessionId)
  const context = await documentContext(
    deps,
    {
      sessionId,
      version: document.version,
      markdown: document.markdown,
      query,
      topK: deps.config.writing.contextChunks,
    },
    signal,
  )
  const [types, evidence] = await Promise.all([
    readTypes(deps.db),
    retrieveEvidence(deps, query, signal),
  ])
  const pending = options.isRewrite ? undefined : currentPending(options.sql)
  const rejected = options.isRewrite ? latestPending(options.sql) : undefined
  const prompt: PromptContext = {
    documentContext: context.text,
    contextKind: context.kind,
    structure: structureSummary(parseBlocks(document.markdown)),
    types: typesList(types),
    evidence: evidenceText(evidence.chunks),
    ...(pending
      ? {
          pending: {
            content: pending.document_content,
            sources: pending.sources.map((s) => s.title),
          },
        }
      : {}),
    ...(rejected
      ? {
          rewrite: {
            request: rejected.request,
            rejected: rejected.document_content,
            ...(rejected.reject_reason ? { reason: rejected.reject_reason } : {}),
          },
        }
      : {}),
  }
  return {
    document,
    context,
    evidence: evidence.chunks,
    pending,
    rejected,
    prompt,
    fallbacks: evidence.fallbacks,
  }
}
