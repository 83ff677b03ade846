import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { searchChunksBm25 } from '../../workers/db'
import { indexMany } from '../../workers/retrieval'
import { freshNamespace, indexDeps, paper } from './helpers'

const CROWDED = freshNamespace('crowded')
const SMALL = freshNamespace('small')
const weights = { title: 3, content: 1 }

beforeAll(async () => {
  // 260 short, strongly matching chunks elsewhere outrank the small namespace's only match.
  const crowd = Array.from({ length: 260 }, (_, i) =>
    paper(`bm:${i}`, `Zebrafish ${i}`, `zebrafish fin ${i}`, { namespace: CROWDED }),
  )
  // Non-matching rows keep "zebrafish" rare enough for BM25 to give it a positive IDF.
  const others = Array.from({ length: 700 }, (_, i) =>
    paper(`bm:other:${i}`, `Other ${i}`, `mouse liver study ${i}`, { namespace: CROWDED }),
  )
  const filler = Array.from({ length: 200 }, (_, i) => `unrelated filler sentence ${i}.`).join(' ')
  await indexMany(indexDeps(), [
    ...crowd,
    ...others,
    paper('bm:small', 'A long note', `${filler} zebrafish`, { namespace: SMALL }),
  ])
})

describe('FTS5 BM25 search', () => {
  it('ranks within the namespace, best first', async () => {
    const hits = await searchChunksBm25(env.DB, {
      match: '"zebrafish" OR "fin"',
      namespaces: [CROWDED],
      limit: 5,
      weights,
    })
    expect(hits).toHaveLength(5)
    for (let i = 1; i < hits.length; i++)
      expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score)
  })

  it('still finds a small namespace match that the whole index ranks below hundreds of others', async () => {
    const hits = await searchChunksBm25(env.DB, {
      match: '"zebrafish"',
      namespaces: [SMALL],
      limit: 10,
      weights,
    })
    expect(hits).toHaveLength(1)
  })

  it('returns nothing when nothing matches', async () => {
    expect(
      await searchChunksBm25(env.DB, {
        match: '"nonexistentterm"',
        namespaces: [SMALL],
        limit: 10,
        weights,
      }),
    ).toEqual([])
  })
})
