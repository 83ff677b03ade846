import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { readFtsAverages, searchChunkPool, searchChunksBm25 } from '../../workers/db'
import { indexMany } from '../../workers/retrieval'
import { toFtsQuery } from '../../workers/retrieval/search/fts-query'
import {
  poolDoc,
  queryPhrases,
  rankPool,
  scorePool,
} from '../../workers/retrieval/search/pool-bm25'
import { loadMeanRowTokens, loadTermStats } from '../../workers/retrieval/search/term-stats'
import { queryTerms } from '../../workers/retrieval/search/fts-query'
import { wordTokens, wordCounts } from '../../workers/grounding'
import { freshNamespace, indexDeps, paper } from './helpers'

const NS = freshNamespace('pool')
const weights = { title: 3, content: 1 }
const topics = ['zebrafish fin regeneration', 'mouse liver fibrosis', 'tumour necrosis factor']

beforeAll(async () => {
  const papers = Array.from({ length: 60 }, (_, i) => {
    const topic = topics[i % topics.length] ?? ''
    const filler = Array.from({ length: (i % 7) + 1 }, (_, j) => `sentence ${j} about cells`)
    return paper(
      `pool:${i}`,
      `${topic} study ${i}`,
      `${filler.join('. ')}. Regeneration of ${topic} was measured in ${i} samples; the fin and the liver differ.`,
      { namespace: NS },
    )
  })
  await indexMany(indexDeps(), papers)
})

async function statsFor(query: string) {
  const terms = queryTerms(query)
  const stats = await loadTermStats(env.DB, terms, Date.now() + 10 * 60_000)
  const meanLength = (await loadMeanRowTokens(env.DB, Date.now() + 10 * 60_000)) ?? 1
  return { total: stats.total, df: stats.df, meanLength }
}

describe('BM25 over a recall pool', () => {
  it('reads FTS5 totals that agree with the row count', async () => {
    const averages = await readFtsAverages(env.DB)
    const row = await env.DB.prepare('SELECT count(*) AS n FROM chunks').first<{ n: number }>()
    expect(averages?.rows).toBe(row?.n)
    expect(averages?.columnTokens).toHaveLength(2)
    expect(averages?.columnTokens.every((n) => n > 0)).toBe(true)
  })

  it('scores every pooled row as FTS5 bm25() does', async () => {
    const query = 'zebrafish fin regeneration in the liver'
    const match = toFtsQuery(query) ?? ''
    const rows = await searchChunkPool(env.DB, { match, namespaces: [NS], limit: 100, weights })
    expect(rows.length).toBeGreaterThan(20)
    const stats = await statsFor(query)
    const scores = scorePool(
      rows.map((r) => poolDoc(r, weights)),
      queryPhrases(query),
      stats,
    )
    const byId = new Map(scores.map((s) => [s.id, s.score]))
    for (const row of rows) expect(byId.get(row.id)).toBeCloseTo(row.score, 6)
  })

  it('ranks a variation over the pool in the order FTS5 ranks it over the index', async () => {
    const pooled = 'zebrafish fin regeneration tumour necrosis factor'
    const variation = 'tumour necrosis factor'
    const rows = await searchChunkPool(env.DB, {
      match: toFtsQuery(pooled) ?? '',
      namespaces: [NS],
      limit: 100,
      weights,
    })
    const direct = await searchChunksBm25(env.DB, {
      match: toFtsQuery(variation) ?? '',
      namespaces: [NS],
      limit: 10,
      weights,
    })
    const stats = await statsFor(pooled)
    const ranked = rankPool(
      rows.map((r) => poolDoc(r, weights)),
      queryPhrases(variation),
      stats,
      10,
    )
    const scores = new Map(direct.map((h) => [h.id, h.score]))
    // Same scores in the same order (ties may swap, so compare the scores in rank order).
    expect(ranked.map((id) => scores.get(id))).toEqual(direct.map((h) => h.score))
  })
})

describe('wordCounts', () => {
  it('counts exactly the words wordTokens yields, in any script', () => {
    const texts = [
      'Plain ASCII text, with digits 42 and CAPITALS; twice: text TEXT.',
      'Café naïve résumé — TNF-α and β-cells (p < 0.05) ±2 µm, ΣΑΣ ﬁnal x² 𝑥 句子',
      '',
    ]
    for (const text of texts) {
      const expected = new Map<string, number>()
      for (const t of wordTokens(text)) expected.set(t, (expected.get(t) ?? 0) + 1)
      const got = wordCounts(text)
      expect(got.length).toBe(wordTokens(text).length)
      expect(got.counts).toEqual(expected)
    }
  })
})
