// The answer cache records the sources an answer lists, and deleting one of them purges every
// answer citing it: the next ask answers afresh instead of replaying the deleted text.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeDeps } from '../../workers/deps'
import { eraseSources } from '../../workers/erasure'
import { aResult } from './builders'
import { ask, scriptSearch } from './route-helpers'

interface AskBody {
  answer: string
  cached: boolean
}

const cited = aResult(1, {
  title: 'Sleep and memory consolidation',
  snippet: 'Sleep after learning improves memory consolidation in adults.',
  sourceId: 'src_cited0000000000000000',
})
const other = aResult(2, {
  title: 'Naps and recall',
  snippet: 'Short naps after learning improve recall in adults.',
  sourceId: 'src_other0000000000000000',
})

afterEach(() => {
  vi.restoreAllMocks()
})

async function askJson(query: string): Promise<AskBody> {
  return (await (await ask({ query })).json()) as AskBody
}

async function sourceIdsOfRows(): Promise<string[][]> {
  const { results } = await env.DB.prepare('SELECT source_ids FROM answer_cache').all<{
    source_ids: string
  }>()
  return results.map((r) => JSON.parse(r.source_ids) as string[])
}

describe('answer cache purge', () => {
  it('records the listed sources, and replays nothing once one of them is deleted', async () => {
    await scriptSearch([cited])
    const query = 'Is memory consolidation improved by sleep?'
    expect((await askJson(query)).cached).toBe(false)
    expect(await sourceIdsOfRows()).toContainEqual([cited.sourceId])
    expect((await askJson(query)).cached).toBe(true)

    await eraseSources(makeDeps(env), [cited.sourceId ?? ''])
    expect(await sourceIdsOfRows()).not.toContainEqual([cited.sourceId])
    expect((await askJson(query)).cached).toBe(false)
  })

  it('keeps the answers citing only other sources', async () => {
    await scriptSearch([other])
    const query = 'Do naps improve recall?'
    expect((await askJson(query)).cached).toBe(false)
    await eraseSources(makeDeps(env), ['src_unrelated000000000000'])
    expect((await askJson(query)).cached).toBe(true)
  })
})
