import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { POSTINGS_BLOCK, readPostingsState } from '../../workers/db'
import { buildTermPostings, indexMany } from '../../workers/retrieval'
import { queryTerms } from '../../workers/retrieval/search/fts-query'
import { rankByPostings } from '../../workers/retrieval/search/postings-rank'
import { loadTermStats } from '../../workers/retrieval/search/term-stats'
import { forgetDatabaseCaches } from '../../workers/db'
import { seededRandom } from '../fixtures/seeded-random'
import { freshNamespace, indexDeps, paper } from './helpers'

const MAIN = freshNamespace('postings')
const OTHER = freshNamespace('postings-other')
const weights = { title: 3, content: 1 }

/** Words from very common to rare, with FTS5's tokenizer cases: diacritics, Greek, digits. */
const VOCABULARY = [
  'cells',
  'cell',
  'patients',
  'the',
  'expression',
  'protein',
  'study',
  'increased',
  'mice',
  'tumour',
  'tumor',
  'signalling',
  'β-catenin',
  'naïve',
  'Straße',
  'IL-6',
  'p53',
  'CD4+',
  'mitochondrial',
  'apoptosis',
  'telomerase',
  'zebrafish',
  'insulin',
  'microbiome',
  'Ørsted',
  'ﬁbrosis',
  'x²',
  'COVID-19',
  'running',
  'runs',
  'generalizations',
  'relational',
  'e.coli',
]

/** Zipf-like picks: early words in most documents, late ones in a few. */
function words(rand: () => number, count: number): string {
  return Array.from({ length: count }, () => {
    const index = Math.floor(VOCABULARY.length * rand() ** 2.5)
    return VOCABULARY[index] ?? 'cells'
  }).join(' ')
}

const rand = seededRandom(25)
const DOCUMENTS = Array.from({ length: POSTINGS_BLOCK + 200 }, (_, i) =>
  paper(
    `postings:${i}`,
    `${words(rand, 3 + (i % 5))} ${i}`,
    `${words(rand, 10 + ((i * 7) % 60))}. Sample ${i} of ${i % 11 === 0 ? 'Ørsted zebrafish' : 'a cohort'}.`,
    { namespace: i % 9 === 0 ? OTHER : MAIN },
  ),
)

const QUERIES = [
  'zebrafish telomerase',
  'Do cells increase expression of protein in mice?',
  'β-catenin signalling in naïve tumour cells',
  'the cells',
  'IL-6 p53 CD4+ COVID-19',
  'fibrosis Straße Ørsted running relational generalizations',
]

/**
 * FTS5's bm25() over an index holding only `namespaces`' chunks: what a read of them must rank
 * as, whatever other namespaces hold (issue 49 item 4). A separate FTS5 table, same tokenizer.
 */
let referenceTables = 0

async function ftsRanking(query: string, namespaces: string[], limit: number) {
  const terms = queryTerms(query)
  const table = `visible_fts_${referenceTables++}`
  await env.DB.prepare(
    `CREATE VIRTUAL TABLE ${table} USING fts5(title, content,
       tokenize = 'porter unicode61 remove_diacritics 2')`,
  ).run()
  await env.DB.prepare(
    `INSERT INTO ${table} (rowid, title, content) SELECT id, title, content FROM chunks
     WHERE namespace IN (SELECT value FROM json_each(?))`,
  )
    .bind(JSON.stringify(namespaces))
    .run()
  const { results } = await env.DB.prepare(
    `SELECT rowid AS id, -bm25(${table}, ${weights.title}, ${weights.content}) AS score
     FROM ${table} WHERE ${table} MATCH ? ORDER BY score DESC LIMIT ?`,
  )
    .bind(terms.map((t) => `"${t}"`).join(' OR '), limit)
    .all<{ id: number; score: number }>()
  await env.DB.prepare(`DROP TABLE ${table}`).run()
  return results
}

async function postingsRanking(query: string, namespaces: string[], limit: number) {
  const terms = queryTerms(query)
  const stats = await loadTermStats(env.DB, terms, namespaces)
  return rankByPostings(env.DB, { terms, stats, weights, namespaces, limit })
}

async function expectSameRanking(namespaces: string[], limit: number) {
  for (const query of QUERIES) {
    const fts = await ftsRanking(query, namespaces, limit)
    const postings = await postingsRanking(query, namespaces, limit)
    expect(postings, query).not.toBeNull()
    expect(postings?.length, query).toBe(fts.length)
    // The same scores in the same order: ids may differ only between equal scores.
    postings?.forEach((hit, i) => {
      expect(hit.score, `${query} #${i}`).toBeCloseTo(fts[i]?.score ?? NaN, 9)
    })
    const ftsScore = new Map(fts.map((h) => [h.id, h.score]))
    for (const hit of postings ?? []) {
      if (ftsScore.has(hit.id)) expect(hit.score).toBeCloseTo(ftsScore.get(hit.id) ?? NaN, 9)
    }
  }
}

/** Empties the postings, so a test can build them again its own way. */
async function resetPostings() {
  await env.DB.batch([
    env.DB.prepare('DELETE FROM term_postings'),
    env.DB.prepare('DELETE FROM chunk_lengths'),
    env.DB.prepare('DELETE FROM namespace_terms'),
    env.DB.prepare('DELETE FROM namespace_totals'),
    env.DB.prepare('DELETE FROM namespace_chunks'),
    env.DB.prepare('UPDATE term_postings_state SET built_through = 0'),
  ])
  forgetDatabaseCaches()
}

async function postingsRows() {
  const { results } = await env.DB.prepare(
    'SELECT stem, block, hex(postings) AS p FROM term_postings ORDER BY stem, block',
  ).all<{ stem: string; block: number; p: string }>()
  return results
}

beforeAll(async () => {
  await indexMany(indexDeps(), DOCUMENTS)
})

describe('ranking from the term postings', () => {
  it('are built as chunks are indexed, past one block', async () => {
    const state = await readPostingsState(env.DB)
    expect(state.maxChunkId).toBeGreaterThan(POSTINGS_BLOCK)
    expect(state.builtThrough).toBe(state.maxChunkId)
  })

  it('ranks as FTS5 bm25() does: the same scores in the same order', async () => {
    forgetDatabaseCaches()
    await expectSameRanking([MAIN], 50)
    await expectSameRanking([MAIN, OTHER], 200)
    // Again from the isolate's cache of blocks.
    await expectSameRanking([MAIN], 50)
  })

  it('ranks queries run at once in one isolate as it ranks them one by one', async () => {
    forgetDatabaseCaches()
    const apart = []
    for (const query of QUERIES) apart.push(await postingsRanking(query, [MAIN], 50))
    forgetDatabaseCaches()
    const together = await Promise.all(QUERIES.map((query) => postingsRanking(query, [MAIN], 50)))
    expect(together).toEqual(apart)
  })

  // Skipped (issue 49 item 4, open): the namespace counts cover built chunks only, so while
  // chunks wait for the builder df misses theirs and the IDF differs from FTS5's.
  it.skip('ranks chunks the build has not reached with FTS5, in the same order', async () => {
    await resetPostings()
    const { maxChunkId } = await readPostingsState(env.DB)
    await buildTermPostings(env.DB, maxChunkId - 300)
    const state = await readPostingsState(env.DB)
    expect(state.builtThrough).toBeLessThan(state.maxChunkId)
    await expectSameRanking([MAIN], 50)
    // Finishing the build in small calls leaves the same postings as one call.
    while (!(await buildTermPostings(env.DB, 100)).caughtUp);
    const piecewise = await postingsRows()
    await resetPostings()
    await buildTermPostings(env.DB, 1_000_000)
    expect(await postingsRows()).toEqual(piecewise)
  })

  it('never ranks a chunk outside the namespaces searched, or deleted since the build', async () => {
    const hits = await postingsRanking('zebrafish Ørsted', [OTHER], 10)
    const { results } = await env.DB.prepare(`SELECT id FROM chunks WHERE namespace = ?`)
      .bind(OTHER)
      .all<{ id: number }>()
    const other = new Set(results.map((r) => r.id))
    expect(hits?.length).toBeGreaterThan(0)
    for (const hit of hits ?? []) expect(other.has(hit.id)).toBe(true)

    const gone = hits?.[0]?.id ?? 0
    await env.DB.prepare('DELETE FROM chunks WHERE id = ?').bind(gone).run()
    const after = await postingsRanking('zebrafish Ørsted', [OTHER], 10)
    expect(after?.map((h) => h.id)).not.toContain(gone)
  })

  it('purges a deleted chunk from the postings: no word of it stays behind', async () => {
    while (!(await buildTermPostings(env.DB, 1_000_000)).caughtUp);
    const { results } = await env.DB.prepare(
      'SELECT id FROM chunks WHERE namespace = ? ORDER BY id LIMIT 2',
    )
      .bind(MAIN)
      .all<{ id: number }>()
    const ids = results.map((r) => r.id)
    const holding = async (id: number) => {
      const rows = await postingsRows()
      const block = Math.floor(id / POSTINGS_BLOCK)
      const offset = id % POSTINGS_BLOCK
      return rows.filter((r) => {
        if (r.block !== block) return false
        for (let i = 0; i < r.p.length; i += 8)
          if (
            parseInt(r.p.slice(i, i + 2), 16) + 256 * parseInt(r.p.slice(i + 2, i + 4), 16) ===
            offset
          )
            return true
        return false
      }).length
    }
    expect(await holding(ids[0] ?? 0)).toBeGreaterThan(0)
    const before = await readPostingsState(env.DB)
    await env.DB.prepare('DELETE FROM chunks WHERE id = ?').bind(ids[0]).run()
    expect((await buildTermPostings(env.DB, 1_000_000)).caughtUp).toBe(true)
    expect(await holding(ids[0] ?? 0)).toBe(0)
    expect(await holding(ids[1] ?? 0)).toBeGreaterThan(0)
    expect((await readPostingsState(env.DB)).generation).toBe(before.generation + 1)
    forgetDatabaseCaches()
    await expectSameRanking([MAIN], 50)
  })

  it('ranks a namespace whose chunks the whole index would rank far below its best', async () => {
    const tiny = freshNamespace('postings-tiny')
    // One mention of a common word in a long text: far below the whole index's best, but the
    // only chunk this read may see, so the only one scored.
    const text = `${'unremarkable filler words '.repeat(150)} cells patients`
    await indexMany(indexDeps(), [paper('postings:tiny', 'A note', text, { namespace: tiny })])
    const hits = await postingsRanking('cells patients', [tiny], 10)
    expect(hits?.map((h) => h.id)).toEqual(
      (await ftsRanking('cells patients', [tiny], 10)).map((h) => h.id),
    )
    expect(hits).toHaveLength(1)
  })

  it('refuses a second build that started from the same state, and appends nothing twice', async () => {
    await resetPostings()
    const before = await readPostingsState(env.DB)
    const results = await Promise.allSettled([
      buildTermPostings(env.DB, 200),
      buildTermPostings(env.DB, 200),
    ])
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true)
    while (!(await buildTermPostings(env.DB, 1_000_000)).caughtUp);
    const raced = await postingsRows()
    await resetPostings()
    await buildTermPostings(env.DB, 1_000_000)
    expect(await postingsRows()).toEqual(raced)
    expect(before.builtThrough).toBe(0)
  })
})

describe('ranking from the term postings where FTS5 keeps its own tables from queries', () => {
  it('ranks as FTS5 does without reading its tables (N and lengths from the namespace counts)', async () => {
    while (!(await buildTermPostings(env.DB, 1_000_000)).caughtUp);
    forgetDatabaseCaches()
    // A database whose FTS5 tables cannot be read: statements naming them fail in the batch.
    const guarded = new Proxy(env.DB, {
      get(target, key) {
        if (key === 'prepare')
          return (sql: string) =>
            target.prepare(sql.includes('chunks_fts_data') ? 'SELECT * FROM not_authorized' : sql)
        const value = Reflect.get(target, key) as unknown
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value
      },
    })
    const query = 'Do cells increase expression of protein in mice?'
    const terms = queryTerms(query)
    const stats = await loadTermStats(env.DB, terms, [MAIN])
    const ranked = await rankByPostings(guarded, {
      terms,
      stats,
      weights,
      namespaces: [MAIN],
      limit: 20,
    })
    const fts = await ftsRanking(query, [MAIN], 20)
    expect(ranked?.map((h) => h.score.toFixed(6))).toEqual(fts.map((h) => h.score.toFixed(6)))
  })
})
