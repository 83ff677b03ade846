// The deployed path's seam: a semantic embedder (the OpenAI-compatible adapter, built from
// config as deps.ts builds it) indexes chunks and embeds queries against the scripted fake,
// and its vector list joins BM25 in fusion. The fake's vectors are hashed words, so these
// tests pin the wiring (prefixes, dimensions, what is stored, what is fused), not quality.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../workers/config'
import {
  createEmbedder,
  createRetriever,
  createVectorStore,
  indexMany,
} from '../../workers/retrieval'
import { fakeLlmUrl, PRIMARY_KEY, scriptFake, type ScriptedFake } from '../fakes/fake-llm'
import { freshNamespace, paper } from './helpers'

const NS = freshNamespace('semantic')
const BGE_QUERY_PREFIX = 'Represent this sentence for searching relevant passages: '

function semanticDeps() {
  const config = parseConfig({
    EMBEDDINGS_PROVIDER: 'openai-compatible',
    EMBEDDINGS_BASE_URL: `${fakeLlmUrl()}/v1`,
    EMBEDDINGS_API_KEY: PRIMARY_KEY,
    EMBEDDINGS_MODEL: 'BAAI/bge-small-en-v1.5',
    EMBEDDINGS_DIMENSIONS: '64',
  })
  const embedder = createEmbedder(config, env.AI)
  const vectors = createVectorStore(config, {
    db: env.DB,
    vectorize: env.VECTORIZE,
    space: embedder.id,
  })
  return { config, db: env.DB, embedder, vectors }
}

let fake: ScriptedFake

beforeAll(async () => {
  // One step per embeddings request: the documents (one batch), then the queries below.
  fake = await scriptFake(Array.from({ length: 10 }, () => ({})))
  const m = fake.marker
  await indexMany(semanticDeps(), [
    paper('sem:coral', 'Coral bleaching', `${m} Warm water makes corals expel their algae.`, {
      namespace: NS,
    }),
    paper('sem:bees', 'Bee decline', `${m} Neonicotinoid pesticides weaken honey bee colonies.`, {
      namespace: NS,
    }),
    paper('sem:tides', 'Tidal energy', `${m} Tidal turbines convert moving water into power.`, {
      namespace: NS,
    }),
    // Only stop words in common with the query below: BM25 cannot find it, the vectors can.
    paper('sem:why', 'Open questions', 'Why do we ask why, and why do we do it?', {
      namespace: NS,
    }),
  ])
})

describe('retrieval with a semantic embedder (fake OpenAI-compatible server)', () => {
  it('embeds documents without a prefix and stores one vector per chunk in its space', async () => {
    const [documents] = await fake.requests()
    const inputs = documents?.body.input as string[]
    expect(inputs).toHaveLength(4)
    expect(inputs.every((text) => !text.startsWith(BGE_QUERY_PREFIX))).toBe(true)
    expect(documents?.body.dimensions).toBe(64)
    const row = await env.DB.prepare(
      'SELECT count(*) AS n FROM chunk_vectors WHERE namespace = ? AND space = ?',
    )
      .bind(NS, 'openai:BAAI/bge-small-en-v1.5:64')
      .first<{ n: number }>()
    expect(row?.n).toBe(4)
  })

  it("embeds the query with the model's query prefix and fuses its list with BM25", async () => {
    const deps = semanticDeps()
    const retriever = createRetriever({ ...deps, models: null })
    const before = (await fake.requests()).length
    const result = await retriever.retrieve(`${fake.marker} why do corals bleach`, {
      namespaces: [NS],
    })
    const asked = (await fake.requests()).slice(before)
    expect(asked.map((r) => r.body.input)).toEqual([
      [`${BGE_QUERY_PREFIX}${fake.marker} why do corals bleach`],
    ])
    expect(result.fallbacks).toBeUndefined()
    const titles = result.chunks.map((c) => c.title)
    expect(titles).toContain('Coral bleaching')
    expect(titles).toContain('Open questions')
    const lexical = await retriever.retrieve(`${fake.marker} why do corals bleach`, {
      namespaces: [NS],
      stages: { vector: false },
    })
    expect(lexical.chunks.map((c) => c.title)).not.toContain('Open questions')
  })

  it('ranks by the vectors alone when BM25 is off', async () => {
    const retriever = createRetriever({ ...semanticDeps(), models: null })
    const result = await retriever.retrieve(`${fake.marker} honey bee colonies`, {
      namespaces: [NS],
      stages: { bm25: false },
    })
    expect(result.chunks[0]?.title).toBe('Bee decline')
  })
})
