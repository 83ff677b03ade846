import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseConfig } from '../../workers/config'
import { createEmbedder } from '../../workers/retrieval'
import { embedInstructions } from '../../workers/retrieval/embedders/instructions'
import { spyOnAi } from '../llm/workers-ai-helpers'

afterEach(() => vi.restoreAllMocks())

const BGE_QUERY = 'Represent this sentence for searching relevant passages: '

describe('embedInstructions', () => {
  it.each([
    ['intfloat/e5-base-v2', 'query: ', 'passage: '],
    ['intfloat/multilingual-e5-large', 'query: ', 'passage: '],
    ['@cf/baai/bge-small-en-v1.5', BGE_QUERY, ''],
    ['BAAI/bge-large-en', BGE_QUERY, ''],
    ['nomic-embed-text-v1.5', 'search_query: ', 'search_document: '],
    ['@cf/baai/bge-m3', '', ''],
    ['text-embedding-3-small', '', ''],
  ])('%s: query %j, document %j', (model, query, document) => {
    expect(embedInstructions(model)).toEqual({ query, document })
  })

  it('prefers explicit prefixes, and "none" means no prefix', () => {
    expect(embedInstructions('intfloat/e5-base-v2', { queryPrefix: 'none' })).toEqual({
      query: '',
      document: 'passage: ',
    })
    expect(embedInstructions('custom', { documentPrefix: 'doc: ' })).toEqual({
      query: '',
      document: 'doc: ',
    })
  })
})

describe('workers-ai embedder instructions', () => {
  it('gives the default BGE model its query instruction and leaves documents bare', async () => {
    const { ai, spy } = spyOnAi(async (_model, inputs) => ({
      data: (inputs.text as string[]).map(() => [1, 0]),
    }))
    const config = parseConfig({ EMBEDDINGS_PROVIDER: 'workers-ai', EMBEDDINGS_DIMENSIONS: '2' })
    const embedder = createEmbedder(config, ai as unknown as Ai)
    await embedder.embed(['coral bleaching'], 'query')
    await embedder.embed(['Corals expel algae.'], 'document')
    expect(spy.mock.calls.map((call) => call[1])).toEqual([
      { text: [`${BGE_QUERY}coral bleaching`] },
      { text: ['Corals expel algae.'] },
    ])
  })
})
