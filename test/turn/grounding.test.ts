// The turn engine through the grounding core: unresolved citation markers never leak, small
// talk is answered without a search, follow-ups are rewritten, and search_corpus refuses
// weak evidence.
import { describe, expect, it } from 'vitest'
import type { Packet } from '../../workers/stream'
import { runTurn } from '../../workers/turn'
import { aChunk, aRun, fakeRetriever, memoryStore, testDeps, withSql } from './helpers'
import { scriptedModel } from './scripted-model'

const fluxChunk = aChunk({
  title: 'Caffeine and cerebral blood flow',
  content:
    'Caffeine increases cerebral blood flux by 40 percent according to [99] and [7] and [3, 42] in healthy adults. Effects faded after six hours [12].',
})

const tokens = (packets: Packet[]) =>
  packets.flatMap((p) => (p.type === 'token' ? [p.text] : [])).join('')

const UNRESOLVED = /\[(99|7|3|42|12)\b|\[3, 42\]/

describe('turn engine grounding', () => {
  it('offline: a source text with [99] and [3, 42] leaks no unresolved marker', async () => {
    await withSql(async (sql) => {
      const store = memoryStore(sql)
      const deps = testDeps({ models: null, retriever: fakeRetriever(async () => [fluxChunk]) })
      const run = aRun(store, deps, { message: 'Does caffeine increase cerebral blood flux?' })
      await runTurn(run.context)
      const saved = store.listMessages()[1]?.content ?? ''
      expect(saved).toContain('[1]')
      expect(saved).toContain('Caffeine increases cerebral blood flux by 40 percent')
      expect(saved).not.toMatch(UNRESOLVED)
      expect(tokens(run.packets)).not.toMatch(UNRESOLVED)
    })
  })

  it('online: markers the model copies from a source are removed from tokens and answer', async () => {
    await withSql(async (sql) => {
      const model = scriptedModel([
        { toolCalls: [{ name: 'search_corpus', arguments: { query: 'caffeine blood flux' } }] },
        { text: ['Caffeine raises flux by 40% [1] according to [9', '9] and [7] and [3, 42].'] },
      ])
      const deps = testDeps({
        models: { main: model, fast: model },
        retriever: fakeRetriever(async () => [fluxChunk]),
      })
      const store = memoryStore(sql)
      const run = aRun(store, deps, { message: 'Does caffeine increase cerebral blood flux?' })
      await runTurn(run.context)
      const saved = store.listMessages()[1]
      expect(saved?.content).toMatch(
        /^Caffeine raises flux by 40% \[1\] according to\s+and\s+and\s*\.$/,
      )
      expect(saved?.content).not.toMatch(UNRESOLVED)
      expect(tokens(run.packets)).toBe(saved?.content)
      expect(saved?.data).toMatchObject({ citations: [{ number: 1 }] })
      // The model read the source without its own reference markers.
      const toolMessage = JSON.stringify(model.requests[1]?.messages)
      expect(toolMessage).toContain('Caffeine increases cerebral blood flux')
      expect(toolMessage).not.toMatch(/\[99\]|\[3, 42\]/)
    })
  })

  it('answers a greeting with a short reply and no search', async () => {
    await withSql(async (sql) => {
      const retriever = fakeRetriever(async () => [fluxChunk])
      const store = memoryStore(sql)
      const run = aRun(store, testDeps({ models: null, retriever }), { message: 'hi!' })
      await runTurn(run.context)
      expect(retriever.queries).toEqual([])
      const saved = store.listMessages()[1]
      expect(saved?.content).toMatch(/^Hello/)
      expect(saved?.data).toMatchObject({ citations: [] })
    })
  })

  it('search_corpus says "no relevant documents" and the offline answer cites nothing', async () => {
    await withSql(async (sql) => {
      const retriever = fakeRetriever(async () => [fluxChunk])
      const store = memoryStore(sql)
      const run = aRun(store, testDeps({ models: null, retriever }), {
        message: 'Who won the 2018 World Cup?',
      })
      await runTurn(run.context)
      const result = run.packets.find((p) => p.type === 'tool_result')
      expect(result).toMatchObject({ summary: expect.stringMatching(/no relevant documents/) })
      const saved = store.listMessages()[1]
      expect(saved?.content).toContain('nothing that answers')
      expect(saved?.content).not.toMatch(/\[\d+\]/)
      expect(saved?.data).toMatchObject({ citations: [] })
    })
  })

  it('offline: a follow-up is searched with the topic of the conversation', async () => {
    await withSql(async (sql) => {
      const retriever = fakeRetriever(async () => [fluxChunk])
      const store = memoryStore(sql)
      const deps = testDeps({ models: null, retriever })
      await runTurn(
        aRun(store, deps, { message: 'Does caffeine increase cerebral blood flux?' }).context,
      )
      await runTurn(aRun(store, deps, { message: 'What about in older adults?' }).context)
      expect(retriever.queries[1]).toMatch(/^What about in older adults\? /)
      expect(retriever.queries[1]).toMatch(/caffeine/i)
    })
  })
})
