// The paper chat's evidence: hybrid retrieval over the session's paper namespace with the
// seed's stages (two query variations, BM25 + vectors fused, rerank of the top 20, task
// routing, paper-aware MMR, an 18,000-token budget — all inside the Retriever), then the
// grounding core's relevance judgement decides whether the papers address the question.
import { createTermStatisticsSource, judgeForReader } from '../grounding'
import {
  DEFAULT_TOKEN_BUDGET,
  type RetrievalTask,
  type RetrievedChunk,
  type Retriever,
} from '../retrieval'
import { paperNamespace } from './namespace'
import { namesNoTopic, openingEvidence } from './overview'
import type { GivenPage } from './page-citations'
import type { PaperRecord } from './paper-store'

export interface PaperEvidence {
  task: RetrievalTask
  queries: string[]
  pages: GivenPage[]
  /** The retrieved chunks with their scores, as the session log records them. */
  chunks: RetrievedChunk[]
  fallbacks: string[]
  /** Set when the papers do not address the question: the reason, and nothing to cite. */
  abstain?: string
  /** The question names no topic: the pages are each paper's opening pages (overview.ts). */
  overview?: boolean
  /**
   * Why the model failed while the search planned or graded, when it would fail the answer
   * too (unreachable, out of quota, timed out): the pages were judged by word statistics.
   */
  modelDown?: string
}

/** What evidence needs: the hybrid retriever and the database its term statistics come from. */
export interface EvidenceDeps {
  retriever: Retriever
  db: D1Database
}

/**
 * Words about the papers themselves ("what does the paper say about …") name no topic: the
 * relevance judgement weighs only what the question is about.
 */
const META_WORDS =
  /\b(papers?|articles?|stud(?:y|ies)|authors?|works?|documents?|pdfs?|says?|said|tell|describes?|discuss(?:es)?|mentions?|according|loaded|above)\b/gi

export function topicOf(question: string): string {
  const topic = question.replace(META_WORDS, ' ').replace(/\s+/g, ' ').trim()
  return topic.length > 0 ? topic : question
}

function paperIdOf(chunk: RetrievedChunk, papers: PaperRecord[]): string {
  const byTitle = papers.find((p) => p.title === chunk.title)
  return byTitle?.id ?? chunk.paperKey
}

async function overviewEvidence(
  deps: EvidenceDeps,
  sessionId: string,
  papers: PaperRecord[],
): Promise<PaperEvidence> {
  const { chunks, pages } = await openingEvidence(deps.db, sessionId, papers)
  const base = {
    task: 'summarization' as const,
    queries: [],
    chunks,
    fallbacks: [],
    overview: true,
  }
  if (pages.length === 0) return { ...base, pages, abstain: 'no loaded paper has text' }
  return { ...base, pages }
}

/**
 * The pages on the question. `modelReads`: a model answers from them and judges them itself
 * (it may decline), so word statistics withhold them only when none holds a word of the
 * question; offline the lexical judgement decides.
 */
export async function gatherEvidence(
  deps: EvidenceDeps,
  sessionId: string,
  question: string,
  papers: PaperRecord[],
  signal: AbortSignal,
  modelReads = false,
): Promise<PaperEvidence> {
  if (namesNoTopic(question)) return overviewEvidence(deps, sessionId, papers)
  const namespaces = [paperNamespace(sessionId)]
  const result = await deps.retriever.retrieve(
    question,
    { namespaces, tokenBudget: DEFAULT_TOKEN_BUDGET },
    signal,
  )
  const chunks = result.chunks.filter((c) => c.page !== null)
  const base = {
    task: result.task,
    queries: result.queries,
    chunks,
    fallbacks: result.fallbacks ?? [],
    ...(result.modelDown ? { modelDown: result.modelDown } : {}),
  }
  if (chunks.length === 0) {
    return { ...base, pages: [], abstain: 'no loaded paper has text on this question' }
  }
  const topic = topicOf(question)
  // A model the search could not reach will not read the pages: word statistics judge them.
  const judgedByModel = modelReads && !result.modelDown
  const stats = judgedByModel
    ? undefined
    : await createTermStatisticsSource(deps.db, namespaces)(topic, signal)
  const judgement = judgeForReader(
    topic,
    chunks.map((c) => ({ title: c.title, text: c.content })),
    stats,
    judgedByModel,
  )
  if (judgement.abstain) {
    return {
      ...base,
      pages: [],
      abstain: judgement.reason ?? 'the loaded papers do not address it',
    }
  }
  const pages = chunks.map((c) => ({
    paperId: paperIdOf(c, papers),
    title: c.title,
    page: c.page ?? 0,
    text: c.content,
  }))
  return { ...base, pages }
}
