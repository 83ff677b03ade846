// One question through the grounding core the way Quire answers offline: small talk, or
// retrieve -> judge relevance (IDF from the FTS index) -> write the extractive answer.
import {
  contentTerms,
  coverageScores,
  idf,
  isSmallTalk,
  judgeRelevance,
  passageSignals,
  type PassageSignals,
  termWeights,
  writeOfflineAnswer,
  type TermStatisticsSource,
} from '../../workers/grounding'
import type { RetrievedChunk, Retriever } from '../../workers/retrieval'

/** Passages the judgement and the writer read: what the engines show a model. */
export const EVIDENCE_DEPTH = 10

export interface OfflineOutcome {
  smallTalk: boolean
  abstained: boolean
  /** Source ids the answer cites. */
  cited: string[]
  /** Ranked source ids retrieved (deduplicated). */
  ranked: string[]
  /** Best passage's share of the query's IDF weight, and of its plain term count. */
  weighted: number
  plain: number
  /** Best passage per signal (grounding/signals.ts), IDF-weighted. */
  signals: PassageSignals & Record<string, number>
}

export interface GroundingDeps {
  retriever: Retriever
  termStats: TermStatisticsSource
}

export async function retrieveChunks(
  deps: GroundingDeps,
  query: string,
): Promise<RetrievedChunk[]> {
  const result = await deps.retriever.retrieve(query, { stages: { budget: false } })
  return result.chunks.slice(0, EVIDENCE_DEPTH)
}

export async function answerOffline(deps: GroundingDeps, query: string): Promise<OfflineOutcome> {
  const none = { coverage: 0, bm25: 0, sentence: 0 } as PassageSignals & Record<string, number>
  const empty = { cited: [], ranked: [], weighted: 0, plain: 0, signals: none }
  if (isSmallTalk(query)) return { smallTalk: true, abstained: false, ...empty }
  const chunks = await retrieveChunks(deps, query)
  const ranked = [...new Set(chunks.map((c) => c.sourceId))]
  const passages = chunks.map((c) => ({ title: c.title, text: c.content }))
  const stats = await deps.termStats(query)
  const weighted = Math.max(0, ...coverageScores(termWeights(query, stats), passages))
  const plain = Math.max(0, ...coverageScores(termWeights(query), passages))
  const judgement = judgeRelevance(query, passages, stats)
  const all = passages.map((p) => passageSignals(termWeights(query, stats), p))
  const bm25s = all.map((s) => s.bm25).sort((a, b) => b - a)
  const weights = termWeights(query, stats)
  const bestAt = all.findIndex((s) => s.bm25 === bm25s[0])
  const bestTerms = new Set(contentTerms(`${passages[bestAt]?.title} ${passages[bestAt]?.text}`))
  const matched = [...weights].filter(([t]) => bestTerms.has(t)).map(([, w]) => w)
  const signals = {
    coverage: Math.max(0, ...all.map((s) => s.coverage)),
    bm25: bm25s[0] ?? 0,
    sentence: Math.max(0, ...all.map((s) => s.sentence)),
    gap: (bm25s[0] ?? 0) - (bm25s[4] ?? bm25s.at(-1) ?? 0),
    rarest: Math.max(0, ...matched),
    matchedMass: matched.reduce((a, b) => a + b, 0),
    meanIdf: [...weights.values()].reduce((a, b) => a + b, 0) / Math.max(1, weights.size),
  }
  // The best single sentence's IDF mass among the relevant passages, in units of one
  // single-passage term (the unit of MIN_MATCHED_RARE_TERMS / MIN_SENTENCE_RARE_TERMS).
  const unit = idf(1, Math.max(stats.documents, 2))
  const total = [...weights.values()].reduce((a, b) => a + b, 0)
  Object.assign(signals, {
    sentenceUnits: Math.max(
      0,
      ...judgement.relevant.map((i) => ((all[i]?.sentence ?? 0) * total) / unit),
    ),
  })
  const base = { smallTalk: false, ranked, weighted, plain, signals }
  if (judgement.abstain) return { ...base, abstained: true, cited: [] }
  const evidence = judgement.relevant.map((i, n) => ({
    number: n + 1,
    title: chunks[i]?.title ?? '',
    text: chunks[i]?.content ?? '',
  }))
  const sentences = writeOfflineAnswer(query, evidence, { stats })
  const cited = sentences.map((s) => chunks[judgement.relevant[s.number - 1] ?? -1]?.sourceId ?? '')
  return { ...base, abstained: sentences.length === 0, cited: [...new Set(cited)] }
}
