// Term statistics come from the knowledge base's FTS5 index, so relevance weighs rare words.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { makeDeps } from '../../workers/deps'
import { contentTerms, createTermStatisticsSource } from '../../workers/grounding'
import { LIBRARY_NAMESPACE } from '../../workers/namespaces'
import { indexMany, type IndexRequest } from '../../workers/retrieval'

function aDocument(id: string, title: string, text: string): IndexRequest {
  return {
    source: { kind: 'text', externalId: id, title, url: `https://example.org/${id}` },
    documents: [{ title, pages: [{ page: null, text }] }],
    namespace: LIBRARY_NAMESPACE,
  }
}

describe('term statistics from the FTS index', () => {
  it('counts the passages holding each stemmed term, inflections included', async () => {
    await indexMany(makeDeps(env), [
      aDocument('a', 'Vitamin D supplementation', 'Supplementing vitamin D reduced fractures.'),
      aDocument('b', 'Vitamin K', 'Vitamin K matters for clotting.'),
      aDocument('c', 'Coral reefs', 'Marine heatwaves bleached the reef.'),
    ])
    const source = createTermStatisticsSource(env.DB, [LIBRARY_NAMESPACE])
    const stats = await source('vitamins fracture coral unicorn')
    expect(stats.documents).toBeGreaterThanOrEqual(3)
    const [vitamin, fracture, coral, unicorn] = contentTerms('vitamins fracture coral unicorn')
    expect(stats.documentFrequency(vitamin ?? '')).toBe(2)
    expect(stats.documentFrequency(fracture ?? '')).toBe(1)
    expect(stats.documentFrequency(coral ?? '')).toBe(1)
    expect(stats.documentFrequency(unicorn ?? '')).toBe(0)
  })

  it('counts stems that FTS5 would stem again ("caus", "diseas") by the word they came from', async () => {
    await indexMany(makeDeps(env), [
      aDocument(
        'd',
        'Smoking and lung disease',
        'Smoking causes lung diseases and increases risk.',
      ),
      aDocument('e', 'Air quality', 'Air pollution causes asthma.'),
    ])
    const source = createTermStatisticsSource(env.DB, [LIBRARY_NAMESPACE])
    const stats = await source('causes disease increases')
    const [cause, disease, increase] = contentTerms('causes disease increases')
    expect(stats.documentFrequency(cause ?? '')).toBeGreaterThanOrEqual(2)
    expect(stats.documentFrequency(disease ?? '')).toBeGreaterThanOrEqual(1)
    expect(stats.documentFrequency(increase ?? '')).toBeGreaterThanOrEqual(1)
  })

  it('counts only the namespaces being searched, so a write elsewhere cannot move the bar', async () => {
    const planted = (id: string, namespace: string) => ({
      ...aDocument(id, 'Quokkanite notes', 'Quokkanite quokkanite quokkanite crystals.'),
      namespace,
    })
    await indexMany(makeDeps(env), [
      aDocument('lib-q', 'Quokkanite in the library', 'Quokkanite appears once here.'),
      planted('debate-q', 'debate:someone-else'),
      planted('cache-q', 'scholarly'),
    ])
    const [term] = contentTerms('quokkanite')
    const library = await createTermStatisticsSource(env.DB, [LIBRARY_NAMESPACE])('quokkanite')
    expect(library.documentFrequency(term ?? '')).toBe(1)
    const both = await createTermStatisticsSource(env.DB, [LIBRARY_NAMESPACE, 'scholarly'])(
      'quokkanite',
    )
    expect(both.documentFrequency(term ?? '')).toBe(2)
    const row = await env.DB.prepare(
      "SELECT count(*) AS n FROM chunks WHERE namespace IN ('corpus', 'scholarly')",
    ).first<{ n: number }>()
    expect(both.documents).toBe(row?.n)
  })
})
