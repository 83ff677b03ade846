import { beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../workers/config'
import { createRetriever, indexMany } from '../../workers/retrieval'
import { matchTerms } from '../../workers/retrieval/search/match-terms'
import { porterStem } from '../../workers/grounding'
import { freshNamespace, indexDeps, paper } from './helpers'

function statsOf(total: number, df: Record<string, number>) {
  const byStem = new Map(Object.entries(df).map(([t, n]) => [porterStem(t), n]))
  return { total, df: (stem: string) => byStem.get(stem) ?? 0 }
}

describe('the terms a BM25 pass walks', () => {
  const stats = statsOf(50_000, { zebrafish: 900, fin: 2_400, cells: 40_000, patients: 30_000 })
  const terms = ['cells', 'zebrafish', 'patients', 'fin']

  it('leaves out common terms once the rarer ones reach far enough, in query order', () => {
    const walked = matchTerms(terms, stats, 100, { share: 0.3, reach: 10 })
    expect(walked).toEqual(['zebrafish', 'fin'])
  })

  it('keeps common terms while the rarer ones cannot fill the list', () => {
    const walked = matchTerms(terms, stats, 100, { share: 0.3, reach: 100 })
    expect(walked).toEqual(['zebrafish', 'patients', 'fin'])
    expect(matchTerms(terms, stats, 100, { share: 0.3, reach: 1_000 })).toEqual(terms)
  })

  it('never leaves out a term under the common share', () => {
    const walked = matchTerms(terms, stats, 100, { share: 0.9, reach: 0 })
    expect(walked).toEqual(terms)
  })

  it('keeps a query of common terms only whole', () => {
    expect(matchTerms(['cells'], stats, 100, { share: 0.3, reach: 10 })).toEqual(['cells'])
  })
})

describe('pruned terms in a small namespace', () => {
  const BIG = freshNamespace('terms-big')
  const SMALL = freshNamespace('terms-small')

  beforeAll(async () => {
    const big = Array.from({ length: 120 }, (_, i) =>
      paper(
        `big:${i}`,
        i % 3 === 0 ? `Zebrafish fin study ${i}` : `Cell culture study ${i}`,
        `Cells were counted in ${i} wells${i % 3 === 0 ? ' of zebrafish fin tissue' : ''}.`,
        { namespace: BIG },
      ),
    )
    const small = Array.from({ length: 5 }, (_, i) =>
      paper(`small:${i}`, `Membrane transport ${i}`, `Cells move ions across the membrane ${i}.`, {
        namespace: SMALL,
      }),
    )
    await indexMany(indexDeps(), [...big, ...small])
  })

  it('walks every term again when the rare terms leave the namespace short', async () => {
    // A reach this low leaves "cells" out of the first pass: SMALL has no zebrafish row.
    const retriever = createRetriever({
      config: parseConfig({}),
      ...indexDeps(),
      models: null,
      tuning: { commonTerms: { share: 0.1, reach: 0.1 } },
    })
    const result = await retriever.retrieve('zebrafish cells', { namespaces: [SMALL] })
    expect(result.chunks.map((c) => c.title).sort()).toEqual(
      [0, 1, 2, 3, 4].map((i) => `Membrane transport ${i}`),
    )
    const big = await retriever.retrieve('zebrafish cells', { namespaces: [BIG], topN: 5 })
    expect(big.chunks.length).toBe(5)
    expect(big.chunks.every((c) => /Zebrafish/.test(c.title))).toBe(true)
  })

  it('finds the same chunks whether the term postings or FTS5 rank them', async () => {
    const retrieverWith = (postings: boolean) =>
      createRetriever({
        config: parseConfig({}),
        ...indexDeps(),
        models: null,
        tuning: { commonTerms: { share: 0.1, reach: 0.1 }, postings },
      })
    for (const namespaces of [[SMALL], [BIG], [BIG, SMALL]]) {
      const [postings, fts] = await Promise.all(
        [true, false].map((p) => retrieverWith(p).retrieve('zebrafish cells', { namespaces })),
      )
      expect(postings?.chunks.map((c) => c.chunkId)).toEqual(fts?.chunks.map((c) => c.chunkId))
    }
  })
})
