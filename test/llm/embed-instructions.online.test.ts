import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../workers/config'
import { createEmbedder } from '../../workers/retrieval'
import { fakeLlmUrl, PRIMARY_KEY, scriptFake } from '../fakes/fake-llm'

// The openai-compatible adapter, built from config as deps.ts builds it, against the fake server.
function embedderFor(vars: Record<string, string>) {
  const config = parseConfig({
    EMBEDDINGS_PROVIDER: 'openai-compatible',
    EMBEDDINGS_BASE_URL: `${fakeLlmUrl()}/v1`,
    EMBEDDINGS_API_KEY: PRIMARY_KEY,
    EMBEDDINGS_DIMENSIONS: '32',
    ...vars,
  })
  return createEmbedder(config, env.AI)
}

describe('openai-compatible embedder instructions', () => {
  it('sends an e5 model its query and passage prefixes by purpose', async () => {
    const fake = await scriptFake([{}, {}])
    const embedder = embedderFor({ EMBEDDINGS_MODEL: 'intfloat/e5-small-v2' })
    await embedder.embed([`${fake.marker} why do corals bleach`], 'query')
    await embedder.embed([`${fake.marker} Corals expel their algae.`], 'document')
    const inputs = (await fake.requests()).map((r) => r.body.input)
    expect(inputs).toEqual([
      [`query: ${fake.marker} why do corals bleach`],
      [`passage: ${fake.marker} Corals expel their algae.`],
    ])
  })

  it('lets EMBEDDINGS_QUERY_PREFIX override the default and "none" switch documents off', async () => {
    const fake = await scriptFake([{}, {}])
    const embedder = embedderFor({
      EMBEDDINGS_MODEL: 'intfloat/e5-small-v2',
      EMBEDDINGS_QUERY_PREFIX: 'Query: ',
      EMBEDDINGS_DOCUMENT_PREFIX: 'none',
    })
    await embedder.embed([`${fake.marker} q`], 'query')
    await embedder.embed([`${fake.marker} d`], 'document')
    const inputs = (await fake.requests()).map((r) => r.body.input)
    expect(inputs).toEqual([[`Query: ${fake.marker} q`], [`${fake.marker} d`]])
  })

  it('sends texts unchanged to a model without an instruction', async () => {
    const fake = await scriptFake([{}])
    const embedder = embedderFor({ EMBEDDINGS_MODEL: 'text-embedding-3-small' })
    await embedder.embed([`${fake.marker} q`], 'query')
    expect((await fake.requests()).map((r) => r.body.input)).toEqual([[`${fake.marker} q`]])
  })
})
