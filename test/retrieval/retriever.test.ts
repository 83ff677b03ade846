import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../workers/config'
import { ProviderError } from '../../workers/errors'
import { createRetriever, indexMany, type RetrieveOptions } from '../../workers/retrieval'
import { freshNamespace, indexDeps, models, paper, scriptedModel, type Script } from './helpers'

const NS = freshNamespace('retriever')
const PAPERS = [
  paper(
    'r:statins',
    'Statins and cardiovascular mortality',
    'Statin therapy reduced cardiovascular mortality in a large randomised trial of adults with high cholesterol.',
    { namespace: NS },
  ),
  paper(
    'r:aspirin',
    'Aspirin for primary prevention',
    'Daily aspirin lowered the incidence of a first myocardial infarction but raised bleeding risk.',
    { namespace: NS },
  ),
  paper(
    'r:sleep',
    'Sleep deprivation and memory',
    'Sleep deprivation impaired memory consolidation in healthy volunteers tested after one night awake.',
    { namespace: NS },
  ),
  paper(
    'r:rust',
    'Memory safety in systems languages',
    'Ownership types prevent use-after-free bugs without a garbage collector.',
    { namespace: NS },
  ),
  paper(
    'r:long',
    'A long review of statins',
    Array.from(
      { length: 120 },
      (_, i) => `Statin trial ${i} reported lower cholesterol and fewer cardiac events.`,
    ).join(' '),
    { namespace: NS },
  ),
]

function retriever(script?: Script) {
  const deps = indexDeps()
  return createRetriever({
    config: parseConfig({}),
    ...deps,
    models: script ? models(scriptedModel(script)) : null,
  })
}

const titles = (chunks: { title: string }[]) => chunks.map((c) => c.title)

beforeAll(async () => {
  await indexMany(indexDeps(), PAPERS)
})

describe('retriever (offline)', () => {
  it('finds the relevant paper first, with citation fields', async () => {
    const result = await retriever().retrieve('Does sleep loss hurt memory consolidation?', {
      namespaces: [NS],
    })
    expect(result.task).toBe('qa')
    expect(result.chunks[0]?.title).toBe('Sleep deprivation and memory')
    expect(result.chunks[0]).toMatchObject({
      authors: ['A. Author'],
      year: 2020,
      kind: 'corpus',
      page: 1,
    })
    expect(result.queries[0]).toBe('Does sleep loss hurt memory consolidation?')
  })

  it("routes only a named task offline, and applies that task's top_n", async () => {
    const query = 'Compare statins and aspirin for heart attack prevention'
    const plain = await retriever().retrieve(query, { namespaces: [NS] })
    expect(plain.task).toBe('qa')
    expect(plain.chunks.length).toBeLessThanOrEqual(5)
    const forced = await retriever().retrieve(query, { namespaces: [NS], task: 'comparison' })
    expect(forced.task).toBe('comparison')
    expect(forced.chunks.length).toBeGreaterThan(5)
  })

  it('runs the original query alone offline', async () => {
    const result = await retriever().retrieve('aspirin and MI risk', { namespaces: [NS] })
    expect(result.queries).toEqual(['aspirin and MI risk'])
    expect(result.chunks[0]?.title).toBe('Aspirin for primary prevention')
  })

  it("ranks a caller's planned variations as extra BM25 lists, with no model", async () => {
    const result = await retriever().retrieve('MI risk', {
      namespaces: [NS],
      plan: { variations: ['myocardial infarction aspirin'] },
    })
    expect(result.queries).toEqual(['MI risk', 'myocardial infarction aspirin'])
    expect(result.chunks[0]?.title).toBe('Aspirin for primary prevention')
  })

  it('leaves paper-aware MMR off offline unless asked for', async () => {
    const options: RetrieveOptions = { namespaces: [NS], topN: 3, lambda: 0.5 }
    const plain = await retriever().retrieve('statin cholesterol trial', options)
    expect(
      plain.chunks.filter((c) => c.title === 'A long review of statins').length,
    ).toBeGreaterThan(1)
    const withMmr = await retriever().retrieve('statin cholesterol trial', {
      ...options,
      stages: { mmr: true },
    })
    expect(new Set(titles(withMmr.chunks)).size).toBeGreaterThan(1)
  })

  it('finds nothing by vectors alone offline: hashed vectors are not stored', async () => {
    const query = 'ownership types and garbage collection'
    const bm25 = await retriever().retrieve(query, { namespaces: [NS], stages: { vector: false } })
    const vector = await retriever().retrieve(query, { namespaces: [NS], stages: { bm25: false } })
    expect(bm25.chunks[0]?.title).toBe('Memory safety in systems languages')
    expect(vector.chunks).toEqual([])
  })

  it('never asks the vector store offline: no cold step reads the stored vectors', async () => {
    let queried = 0
    const deps = indexDeps({
      upsert: async () => {},
      query: async () => {
        queried += 1
        return []
      },
      deleteByIds: async () => {},
    })
    const offline = createRetriever({ config: parseConfig({}), ...deps, models: null })
    const result = await offline.retrieve('sleep deprivation memory', { namespaces: [NS] })
    expect(result.chunks[0]?.title).toBe('Sleep deprivation and memory')
    expect(queried).toBe(0)
  })

  it('keeps answering from BM25 when the vector store fails', async () => {
    const deps = indexDeps({
      upsert: async () => {},
      query: async () => {
        throw new Error('vector backend down')
      },
      deleteByIds: async () => {},
    })
    const semantic = { ...deps.embedder, lexical: false }
    const broken = createRetriever({
      config: parseConfig({}),
      ...deps,
      embedder: semantic,
      models: null,
    })
    const result = await broken.retrieve('sleep deprivation memory', { namespaces: [NS] })
    expect(result.fallbacks).toEqual(['vector:failed'])
    expect(result.chunks[0]?.title).toBe('Sleep deprivation and memory')
  })

  it('keeps the token budget by trimming chunks proportionally', async () => {
    const result = await retriever().retrieve('statin trial cholesterol', {
      namespaces: [NS],
      tokenBudget: 60,
    })
    const total = result.chunks.reduce((n, c) => n + c.content.split(/\s+/).length, 0)
    expect(total).toBeLessThan(80)
  })

  it('restricts to the given sources', async () => {
    const all = await retriever().retrieve('statin', { namespaces: [NS] })
    const only = all.chunks.find((c) => c.title === 'Statins and cardiovascular mortality')
    const result = await retriever().retrieve('statin', {
      namespaces: [NS],
      sourceIds: [only!.sourceId],
    })
    expect(new Set(titles(result.chunks))).toEqual(
      new Set(['Statins and cardiovascular mortality']),
    )
  })

  it('returns nothing for an empty query or an empty namespace', async () => {
    expect((await retriever().retrieve('   ', { namespaces: [NS] })).chunks).toEqual([])
    expect(
      (await retriever().retrieve('statins', { namespaces: [freshNamespace('empty')] })).chunks,
    ).toEqual([])
  })

  it('survives a chunk whose source row is malformed', async () => {
    await env.DB.prepare(
      `UPDATE sources SET authors = 'not json' WHERE external_id = 'r:rust'`,
    ).run()
    const result = await retriever().retrieve('ownership types use-after-free', {
      namespaces: [NS],
    })
    expect(result.chunks[0]).toMatchObject({
      title: 'Memory safety in systems languages',
      authors: [],
    })
  })
})

describe('retriever (model stages)', () => {
  const plan = JSON.stringify({
    task: 'explanation',
    variations: ['statin therapy mortality', 'HMG-CoA reductase inhibitors death'],
  })

  it('lets the fast model plan the task and variations, and rerank by its grades', async () => {
    const script: Script = (request) =>
      request.jsonSchema?.name === 'query_plan'
        ? plan
        : JSON.stringify({
            scores: [
              { id: 1, score: 1 },
              { id: 2, score: 9 },
              { id: 3, score: 2 },
            ],
          })
    const options: RetrieveOptions = { namespaces: [NS], stages: { mmr: false } }
    const result = await retriever(script).retrieve('statins and mortality', options)
    expect(result.task).toBe('explanation')
    expect(result.queries).toEqual([
      'statins and mortality',
      'statin therapy mortality',
      'HMG-CoA reductase inhibitors death',
    ])
    expect(result.fallbacks).toBeUndefined()
    const fused = await retriever(script).retrieve('statins and mortality', {
      ...options,
      stages: { mmr: false, rerank: false },
    })
    expect(result.chunks[0]?.chunkId).toBe(fused.chunks[1]?.chunkId)
    expect(result.chunks[1]?.chunkId).toBe(fused.chunks[2]?.chunkId)
  })

  it('falls back to qa, the query alone and the fused order when the model fails', async () => {
    const failing: Script = () => new ProviderError('scripted', 'upstream down')
    const result = await retriever(failing).retrieve('aspirin and MI risk', { namespaces: [NS] })
    expect(result.fallbacks).toEqual(['plan:offline', 'rerank:lexical'])
    expect(result.queries).toEqual(['aspirin and MI risk'])
    expect(result.chunks[0]?.title).toBe('Aspirin for primary prevention')
  })

  it('spreads results over papers with paper-aware MMR by default', async () => {
    const script: Script = (request) =>
      request.jsonSchema?.name === 'query_plan'
        ? JSON.stringify({ task: 'qa', variations: [] })
        : JSON.stringify({ scores: [] })
    const options: RetrieveOptions = { namespaces: [NS], topN: 3, lambda: 0.5 }
    const withMmr = await retriever(script).retrieve('statin cholesterol trial', options)
    expect(new Set(titles(withMmr.chunks)).size).toBeGreaterThan(1)
    const without = await retriever(script).retrieve('statin cholesterol trial', {
      ...options,
      stages: { mmr: false },
    })
    expect(
      without.chunks.filter((c) => c.title === 'A long review of statins').length,
    ).toBeGreaterThan(1)
  })

  it('tolerates grades wrapped in prose and keeps ungraded chunks after graded ones', async () => {
    const script: Script = (request) =>
      request.jsonSchema?.name === 'query_plan'
        ? plan
        : 'Sure! {"scores": [{"id": 2, "score": "8"}]} Hope this helps.'
    const result = await retriever(script).retrieve('statins and mortality', {
      namespaces: [NS],
      stages: { mmr: false },
    })
    const fused = await retriever(script).retrieve('statins and mortality', {
      namespaces: [NS],
      stages: { mmr: false, rerank: false },
    })
    expect(result.chunks[0]?.chunkId).toBe(fused.chunks[1]?.chunkId)
    expect(result.chunks[1]?.chunkId).toBe(fused.chunks[0]?.chunkId)
    expect(result.fallbacks).toBeUndefined()
  })

  it('keeps a forced task even when the model proposes another', async () => {
    const result = await retriever(() => plan).retrieve('statins', {
      namespaces: [NS],
      task: 'summarization',
      stages: { rerank: false },
    })
    expect(result.task).toBe('summarization')
  })

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(
      retriever().retrieve('statins', { namespaces: [NS] }, controller.signal),
    ).rejects.toThrow()
  })
})
