import { describe, expect, it } from 'vitest'
import { runTurn, extractiveAnswer, OFFLINE_NOTE } from '../../workers/turn'
import { aChunk, aRun, fakeRetriever, memoryStore, testDeps, withSql } from './helpers'

describe('offline turn (no model)', () => {
  it('searches the corpus and answers with cited passages, labelled offline', async () => {
    await withSql(async (sql) => {
      const retriever = fakeRetriever(async () => [
        aChunk(),
        aChunk({
          chunkId: 'chunk-2',
          title: 'Falls',
          content: 'Exercise programmes reduce falls among older adults by a third.',
        }),
      ])
      const store = memoryStore(sql)
      const run = aRun(store, testDeps({ models: null, retriever }), {
        message: 'Does vitamin D improve bone density?',
      })
      const outcome = await runTurn(run.context)
      expect(retriever.queries).toEqual(['Does vitamin D improve bone density?'])
      const saved = store.listMessages()[1]
      expect(saved?.content.startsWith(OFFLINE_NOTE)).toBe(true)
      expect(saved?.content).toContain(
        'Vitamin D supplements improve bone density in older adults [1].',
      )
      expect(saved?.data).toMatchObject({
        mode: 'offline',
        citations: [{ number: 1, chunkId: 'chunk-1' }],
      })
      expect(outcome).toMatchObject({ mode: 'offline' })
      expect(run.packets.map((p) => p.type)).toContain('citation')
      expect(run.packets.filter((p) => p.type === 'tool_call')).toHaveLength(1)
    })
  })

  it('says the knowledge base has nothing when the search finds nothing', async () => {
    await withSql(async (sql) => {
      const store = memoryStore(sql)
      await runTurn(
        aRun(store, testDeps({ models: null, retriever: fakeRetriever(async () => []) }), {
          message: 'q',
        }).context,
      )
      expect(store.listMessages()[1]?.content).toContain('nothing that answers')
    })
  })

  it('never carries a question that found nothing, nor searches a follow-up that names nothing', async () => {
    await withSql(async (sql) => {
      const store = memoryStore(sql)
      const retriever = fakeRetriever(async () => [])
      const deps = testDeps({ models: null, retriever })
      await runTurn(aRun(store, deps, { message: 'Does vitamin D improve bone density?' }).context)
      await runTurn(aRun(store, deps, { message: 'And in children?' }).context)
      // The first question was searched; the follow-up had nothing to lean on.
      expect(retriever.queries).toEqual(['Does vitamin D improve bone density?'])
      expect(store.listMessages()[3]?.content).toContain('The earlier question found nothing')
      await runTurn(aRun(store, deps, { message: 'What about rickets?' }).context)
      expect(retriever.queries.at(-1)).toBe('What about rickets?')
    })
  })
})

describe('extractive answer', () => {
  const docs = [
    {
      document: 1,
      title: 'A',
      contents: 'Bananas are yellow when ripe. Vitamin D is made in skin exposed to sunlight.',
    },
    {
      document: 2,
      title: 'B',
      contents: 'Sunlight exposure raises vitamin D levels in winter months, a trial found.',
    },
  ]

  it('picks the sentences sharing the most words with the question and cites each', () => {
    const answer = extractiveAnswer('How does sunlight affect vitamin D?', docs, 2)
    expect(answer.split('\n')).toEqual([
      '- Vitamin D is made in skin exposed to sunlight [1].',
      '- Sunlight exposure raises vitamin D levels in winter months, a trial found [2].',
    ])
  })

  it('is empty without documents', () => {
    expect(extractiveAnswer('anything', [])).toBe('')
  })
})
