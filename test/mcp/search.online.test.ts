// search_library with a model: retrieval's plan and rerank run on the scripted fast model, and
// the tool's result says what fell back (nothing, when both replies are valid; the rerank,
// when the reranker fails), so a client never takes a fallback for a normal result.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeDeps } from '../../workers/deps'
import { indexDocuments } from '../../workers/retrieval'
import { scriptRetrieval } from '../fakes/script-retrieval'
import { freshNamespace, paper } from '../retrieval/helpers'
import { connect, type Structured } from './helpers'

afterEach(() => vi.restoreAllMocks())

type Found = Structured & { fallbacks: string[]; passages: { text: string }[] }

async function searchTidalLocking(): Promise<Found> {
  const namespace = freshNamespace('mcp-online')
  const deps = makeDeps(env)
  await indexDocuments(
    { db: env.DB, embedder: deps.embedder, vectors: deps.vectors },
    paper(
      `mcp-${namespace}`,
      'Tidal locking of exoplanets',
      'Tidal locking makes one hemisphere of a close-in exoplanet face its star permanently.',
      { namespace },
    ),
  )
  const client = await connect()
  const result = await client.callTool({
    name: 'search_library',
    arguments: { query: 'tidal locking exoplanet hemisphere', k: 3, filters: { namespace } },
  })
  await client.close()
  expect(result.isError).toBeFalsy()
  return result.structuredContent as Found
}

describe('search_library with a model', () => {
  it('lists no fallback when the plan and the rerank replies are valid', async () => {
    const { plan, rerank } = await scriptRetrieval(makeDeps(env).models)
    const found = await searchTidalLocking()
    expect(found.fallbacks).toEqual([])
    expect(found.passages[0]?.text).toContain('Tidal locking')
    // Both model stages ran (on the scripts), so "no fallback" is not "no model call".
    expect(await plan.requests()).toHaveLength(1)
    expect(await rerank.requests()).toHaveLength(1)
  })

  it('lists the rerank fallback when the reranker fails', async () => {
    await scriptRetrieval(makeDeps(env).models, {
      rerank: { status: 500, error: { message: 'reranker exploded' } },
    })
    const found = await searchTidalLocking()
    expect(found.fallbacks).toEqual([
      {
        stage: 'retrieval.rerank',
        reason: 'the model could not grade the passages; ranked by word statistics',
      },
    ])
    expect(found.passages[0]?.text).toContain('Tidal locking')
  })
})
