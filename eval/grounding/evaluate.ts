// The grounding report: abstention on off-topic questions, answered and gold-cited rates on
// the split's claims, and follow-up retrieval with and without the offline rewrite.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { contentTerms, rewriteFollowUp, type PassageSignals } from '../../workers/grounding'
import type { BeirData } from '../beir'
import { mapConcurrent } from '../pipeline'
import {
  answerOffline,
  retrieveChunks,
  type GroundingDeps,
  type OfflineOutcome,
} from './answer-offline'

const HERE = import.meta.dirname
const CONCURRENCY = 4

interface FollowUpFile {
  conversations: { first: string; followUp: string }[]
}

export interface GroundingReport {
  offTopic: { questions: number; abstained: number; smallTalk: number; answered: string[] }
  claims: { questions: number; answered: number; goldCited: number; goldRetrieved: number }
  followUps: {
    conversations: number
    raw: { hitAt10: number; mrrAt10: number }
    rewritten: { hitAt10: number; mrrAt10: number }
  }
  /** Per-question signals, for calibrating grounding/tuning.ts. */
  samples: {
    kind: 'claim' | 'off-topic'
    query: string
    gold: boolean
    weighted: number
    plain: number
    signals: PassageSignals & Record<string, number>
    words: number
  }[]
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(HERE, file), 'utf8')) as T
}

function goldSources(
  data: BeirData,
  queryId: string,
  documentIds: Map<string, string>,
): Set<string> {
  const gold = data.qrels.get(queryId) ?? new Map<string, number>()
  const out = new Set<string>()
  for (const [sourceId, docId] of documentIds) if ((gold.get(docId) ?? 0) > 0) out.add(sourceId)
  return out
}

function reciprocalRank(ranked: string[], gold: Set<string>): number {
  const at = ranked.slice(0, 10).findIndex((id) => gold.has(id))
  return at < 0 ? 0 : 1 / (at + 1)
}

async function followUps(
  deps: GroundingDeps,
  data: BeirData,
  documentIds: Map<string, string>,
): Promise<GroundingReport['followUps']> {
  const { conversations } = readJson<FollowUpFile>('follow-ups.json')
  const runs = await mapConcurrent(conversations, CONCURRENCY, async (c) => {
    const first = data.queries.get(c.first) ?? ''
    const gold = goldSources(data, c.first, documentIds)
    const firstChunks = await retrieveChunks(deps, first)
    const cited = firstChunks.slice(0, 3).map((chunk) => chunk.title)
    const history = [
      { role: 'user' as const, content: first },
      { role: 'assistant' as const, content: '' },
    ]
    const stats = await deps.termStats(`${first} ${cited.join(' ')}`)
    const rewritten = rewriteFollowUp(c.followUp, history, { cited, stats })
    const rank = async (q: string) =>
      reciprocalRank([...new Set((await retrieveChunks(deps, q)).map((x) => x.sourceId))], gold)
    return { raw: await rank(c.followUp), rewritten: await rank(rewritten) }
  })
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)
  const summary = (pick: (r: (typeof runs)[number]) => number) => ({
    hitAt10: mean(runs.map((r) => (pick(r) > 0 ? 1 : 0))),
    mrrAt10: mean(runs.map(pick)),
  })
  return {
    conversations: runs.length,
    raw: summary((r) => r.raw),
    rewritten: summary((r) => r.rewritten),
  }
}

export async function evaluateGrounding(input: {
  deps: GroundingDeps
  data: BeirData
  documentIds: Map<string, string>
  limit?: number
  log: (m: string) => void
}): Promise<GroundingReport> {
  const { deps, data, documentIds, log } = input
  const samples: GroundingReport['samples'] = []
  const { questions } = readJson<{ questions: string[] }>('off-topic.json')
  const offRuns = await mapConcurrent(questions, CONCURRENCY, (q) => answerOffline(deps, q))
  offRuns.forEach((r, i) => {
    if (!r.smallTalk)
      samples.push({
        kind: 'off-topic',
        query: questions[i] ?? '',
        gold: false,
        weighted: r.weighted,
        plain: r.plain,
        signals: r.signals,
        words: contentTerms(questions[i] ?? '').length,
      })
  })
  log(
    `off-topic: ${offRuns.filter((r) => r.abstained || r.smallTalk).length}/${questions.length} not answered from sources`,
  )
  const ids = [...data.qrels.keys()].slice(0, input.limit)
  const claimRuns: [string, OfflineOutcome][] = await mapConcurrent(
    ids,
    CONCURRENCY,
    async (id) => [id, await answerOffline(deps, data.queries.get(id) ?? '')],
  )
  let goldCited = 0
  let goldRetrieved = 0
  for (const [id, r] of claimRuns) {
    const gold = goldSources(data, id, documentIds)
    const retrieved = r.ranked.some((s) => gold.has(s))
    if (retrieved) goldRetrieved += 1
    if (r.cited.some((s) => gold.has(s))) goldCited += 1
    samples.push({
      kind: 'claim',
      query: data.queries.get(id) ?? '',
      gold: retrieved,
      weighted: r.weighted,
      plain: r.plain,
      signals: r.signals,
      words: contentTerms(data.queries.get(id) ?? '').length,
    })
  }
  log(`claims: ${claimRuns.length} run`)
  return {
    offTopic: {
      questions: questions.length,
      abstained: offRuns.filter((r) => r.abstained).length,
      smallTalk: offRuns.filter((r) => r.smallTalk).length,
      answered: questions.filter((_, i) => !offRuns[i]?.abstained && !offRuns[i]?.smallTalk),
    },
    claims: {
      questions: claimRuns.length,
      answered: claimRuns.filter(([, r]) => !r.abstained && !r.smallTalk).length,
      goldCited,
      goldRetrieved,
    },
    followUps: await followUps(deps, data, documentIds),
    samples,
  }
}
