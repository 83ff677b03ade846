// Each read's numbers come from what it may see (issue 49 item 4): a large private upload of
// common words and near-miss spellings leaves a public read's ranking, its spelling correction
// and its query path as they were; the owner's own read counts the upload; and the maintained
// per-namespace counts stay equal to FTS5's own through ingests, deletes and re-ingests.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../workers/config'
import {
  countChunksWithTerms,
  deleteIndexRows,
  forgetDatabaseCaches,
  searchChunksBm25,
} from '../../workers/db'
import { respellForLibrary } from '../../workers/grounding'
import { sessionNamespace } from '../../workers/namespaces'
import {
  buildTermPostings,
  createRetriever,
  indexMany,
  purgeDeletedPostings,
  type RetrieveOptions,
} from '../../workers/retrieval'
import { queryTerms } from '../../workers/retrieval/search/fts-query'
import { matchTerms } from '../../workers/retrieval/search/match-terms'
import { rankByPostings } from '../../workers/retrieval/search/postings-rank'
import { loadTermStats } from '../../workers/retrieval/search/term-stats'
import { DEFAULT_TUNING } from '../../workers/retrieval/search/tuning'
import { seededRandom } from '../fixtures/seeded-random'
import { freshNamespace, indexDeps, paper } from './helpers'

const PUBLIC = freshNamespace('library')
const PRIVATE = sessionNamespace('papers', 'tenant-with-a-large-upload')
const BM25_ALONE: RetrieveOptions = {
  stages: { vector: false, queryVariations: false, rerank: false, mmr: false, budget: false },
}
const QUERIES = [
  'hip fracture in elderly patients',
  'fracture healing after surgery',
  'stress fracture risk in runners',
]
const MISSPELT = 'mitchndria function in neurons'

const TOPICS = ['hip', 'wrist', 'stress', 'vertebral', 'ankle', 'femoral']
const SETTINGS = ['elderly patients', 'runners', 'children', 'athletes', 'surgery', 'osteoporosis']
const EXTRA = ['healing', 'risk', 'outcomes', 'mortality', 'bone density', 'rehabilitation']

function publicLibrary() {
  const rand = seededRandom(49)
  const pick = (words: string[]) => words[Math.floor(rand() * words.length)] ?? ''
  return Array.from({ length: 90 }, (_, i) => {
    const sentences = Array.from(
      { length: 4 + (i % 5) },
      () => `The ${pick(TOPICS)} fracture study of ${pick(SETTINGS)} reported ${pick(EXTRA)}.`,
    )
    if (i % 15 === 0) sentences.push('Mitochondria function in neurons declined with age.')
    return paper(`public:${i}`, `${pick(TOPICS)} fracture ${pick(EXTRA)}`, sentences.join(' '), {
      namespace: PUBLIC,
    })
  })
}

/** A long private text of the library's commonest words and three near-misses of a word. */
function privateUpload() {
  const page = (n: number) =>
    `${'fracture patients fracture the study reported fracture healing risk '.repeat(12)} ` +
    `mitchndrua mitchndroa mitchndrea page ${n}.`
  return {
    ...paper('private:upload', 'My fracture notes', ''),
    documents: [{ pages: Array.from({ length: 400 }, (_, n) => ({ page: n + 1, text: page(n) })) }],
    namespace: PRIVATE,
  }
}

const retriever = () => createRetriever({ config: parseConfig({}), ...indexDeps(), models: null })

/** What a read of `namespaces` sees: top-10 ids per query, the respelled query, the path. */
async function observe(namespaces: string[]) {
  forgetDatabaseCaches()
  const rankings: number[][] = []
  const paths: { walked: string[]; byPostings: boolean }[] = []
  for (const query of QUERIES) {
    const found = await retriever().retrieve(query, {
      ...BM25_ALONE,
      namespaces,
      topK: 10,
      topN: 10,
    })
    rankings.push(found.chunks.slice(0, 10).map((c) => Number(c.chunkId)))
    const terms = queryTerms(query)
    const stats = await loadTermStats(env.DB, terms, namespaces)
    const walked = matchTerms(terms, stats, 40, DEFAULT_TUNING.commonTerms)
    const ranked = await rankByPostings(env.DB, {
      terms: walked,
      stats,
      weights: DEFAULT_TUNING.bm25Columns,
      namespaces,
      limit: 40,
    })
    paths.push({ walked, byPostings: ranked !== null })
  }
  const signal = new AbortController().signal
  const spelling = await respellForLibrary(MISSPELT, env.DB, namespaces, signal)
  return { rankings, paths, searchQuery: spelling.query }
}

/** FTS5's own ranking of the public namespace: whole-index IDF, as before this change. */
async function wholeIndexRanking(query: string) {
  const match = queryTerms(query)
    .map((t) => `"${t}"`)
    .join(' OR ')
  const hits = await searchChunksBm25(env.DB, {
    match,
    namespaces: [PUBLIC],
    limit: 10,
    weights: DEFAULT_TUNING.bm25Columns,
  })
  return hits.map((h) => h.id)
}

async function chunkCount(namespace: string): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM chunks WHERE namespace = ?')
    .bind(namespace)
    .first<{ n: number }>()
  return row?.n ?? 0
}

describe('a large private upload of common words', () => {
  let before: Awaited<ReturnType<typeof observe>>
  let wholeBefore: number[][]

  beforeAll(async () => {
    await indexMany(indexDeps(), publicLibrary())
    before = await observe([PUBLIC])
    wholeBefore = await Promise.all(QUERIES.map(wholeIndexRanking))
    await indexMany(indexDeps(), [privateUpload()])
    while (!(await buildTermPostings(env.DB, 1_000_000)).caughtUp);
  })

  it('is large enough to move whole-index numbers (the test can fail)', async () => {
    expect(await chunkCount(PRIVATE)).toBeGreaterThan(3 * (await chunkCount(PUBLIC)))
    const whole = await countChunksWithTerms(env.DB, ['fracture'])
    expect(whole.get('fracture')).toBeGreaterThan(3 * (await chunkCount(PUBLIC)))
    const wholeAfter = await Promise.all(QUERIES.map(wholeIndexRanking))
    expect(wholeAfter).not.toEqual(wholeBefore)
    expect(before.searchQuery).toContain('mitochondria')
  })

  it("leaves a public read's top 10, search_query and query path unchanged", async () => {
    const after = await observe([PUBLIC])
    expect(before.rankings.every((ids) => ids.length === 10)).toBe(true)
    expect(after.rankings).toEqual(before.rankings)
    expect(after.searchQuery).toBe(before.searchQuery)
    expect(after.paths).toEqual(before.paths)
    expect(after.paths.every((p) => p.byPostings)).toBe(true)
  })

  it("counts the upload in the owner's own read", async () => {
    forgetDatabaseCaches()
    const terms = ['fracture']
    const publicStats = await loadTermStats(env.DB, terms, [PUBLIC])
    const ownStats = await loadTermStats(env.DB, terms, [PUBLIC, PRIVATE])
    const total = (await chunkCount(PUBLIC)) + (await chunkCount(PRIVATE))
    expect(ownStats.total).toBe(total)
    expect(ownStats.df('fractur')).toBe(publicStats.df('fractur') + (await chunkCount(PRIVATE)))
    // The owner's IDF counts its upload, so its ranking of the same queries moves with it.
    const own = await observe([PUBLIC, PRIVATE])
    expect(own.rankings).not.toEqual(before.rankings)
  })
})

/** FTS5's own per-namespace document frequencies (its instance vocabulary): the oracle. */
async function countsFromFts5() {
  await env.DB.prepare(
    "CREATE VIRTUAL TABLE IF NOT EXISTS oracle_instances USING fts5vocab(chunks_fts, 'instance')",
  ).run()
  const { results } = await env.DB.prepare(
    `SELECT c.namespace AS namespace, v.term AS stem, count(DISTINCT v.doc) AS documents
     FROM oracle_instances v JOIN chunks c ON c.id = v.doc
     WHERE c.namespace LIKE 'prop-%' GROUP BY 1, 2 ORDER BY 1, 2`,
  ).all<{ namespace: string; stem: string; documents: number }>()
  const totals = await env.DB.prepare(
    `SELECT namespace, count(*) AS documents FROM chunks WHERE namespace LIKE 'prop-%'
     GROUP BY 1 ORDER BY 1`,
  ).all<{ namespace: string; documents: number }>()
  return { terms: results, totals: totals.results }
}

async function maintainedCounts() {
  const { results } = await env.DB.prepare(
    `SELECT namespace, stem, documents FROM namespace_terms WHERE namespace LIKE 'prop-%'
     ORDER BY 1, 2`,
  ).all<{ namespace: string; stem: string; documents: number }>()
  const totals = await env.DB.prepare(
    `SELECT namespace, documents FROM namespace_totals WHERE namespace LIKE 'prop-%' ORDER BY 1`,
  ).all<{ namespace: string; documents: number }>()
  const members = await env.DB.prepare(
    `SELECT namespace, sum(length(offsets)) / 2 AS n FROM namespace_chunks
     WHERE namespace LIKE 'prop-%' GROUP BY 1 ORDER BY 1`,
  ).all<{ namespace: string; n: number }>()
  return { terms: results, totals: totals.results, members: members.results }
}

describe('the per-namespace counts', () => {
  it('equal FTS5 own counts after every ingest, delete and re-ingest', async () => {
    const rand = seededRandom(4049)
    const namespaces = ['prop-a', 'prop-b']
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'running', 'cells']
    const text = () =>
      Array.from({ length: 20 + Math.floor(rand() * 60) }, () => {
        return words[Math.floor(rand() * words.length)] ?? 'alpha'
      }).join(' ')
    for (let step = 0; step < 14; step++) {
      const namespace = namespaces[Math.floor(rand() * 2)] ?? 'prop-a'
      const source = `prop:${Math.floor(rand() * 5)}`
      if (rand() < 0.3) {
        const ids = await env.DB.prepare('SELECT id FROM sources WHERE external_id = ?')
          .bind(source)
          .all<{ id: string }>()
        await deleteIndexRows(env.DB, { sourceIds: ids.results.map((r) => r.id) })
      } else {
        // Same external id again: the indexer replaces the source's earlier text.
        await indexMany(indexDeps(), [paper(source, text(), text(), { namespace })])
      }
      while (!(await buildTermPostings(env.DB, 1_000_000)).caughtUp);
      await purgeDeletedPostings(env.DB)
      const oracle = await countsFromFts5()
      const kept = await maintainedCounts()
      expect(kept.terms, `step ${step}`).toEqual(oracle.terms)
      expect(kept.totals, `step ${step}`).toEqual(oracle.totals)
      expect(
        kept.members.map((m) => ({ namespace: m.namespace, documents: m.n })),
        `step ${step}`,
      ).toEqual(oracle.totals)
    }
  })
})
