import { describe, expect, it } from 'vitest'
import { DEFAULT_SYSTEM_PROMPT, updateTurnSettings } from '../../workers/context'
import { ProviderError } from '../../workers/errors'
import { createSearchCorpusTool, createTurnRunner, runTurn } from '../../workers/turn'
import { aChunk, aRun, fakeRetriever, memoryStore, testDeps, withSql } from './helpers'
import { scriptedModel, type ScriptedStep } from './scripted-model'

const twoChunks = async () => [
  aChunk(),
  aChunk({
    chunkId: 'chunk-2',
    sourceId: 'source-2',
    title: 'Calcium intake',
    content: 'Calcium alone does not prevent fractures in most trials.',
  }),
]

function depsWith(steps: ScriptedStep[], retrieve = twoChunks) {
  const model = scriptedModel(steps)
  const retriever = fakeRetriever(retrieve)
  return { model, retriever, deps: testDeps({ models: { main: model, fast: model }, retriever }) }
}

describe('turn engine', () => {
  it('streams a turn with two tool calls in blocks and saves one coherent message', async () => {
    await withSql(async (sql) => {
      const { deps } = depsWith([
        {
          reasoning: 'I should search.',
          toolCalls: [
            { id: 'a', name: 'search_corpus', arguments: { query: 'vitamin d' } },
            { id: 'b', name: 'search_corpus', arguments: { query: 'calcium' } },
          ],
        },
        { text: ['Vitamin D helps [1]', ', calcium alone does not [2].'] },
      ])
      const store = memoryStore(sql)
      const run = aRun(store, deps, { message: 'Does vitamin D help bones?' })
      const outcome = await runTurn(run.context)
      const shape = run.packets.map((p) => `${p.turn_index}:${p.type}`)
      expect(shape).toEqual([
        '0:reasoning',
        '1:tool_call',
        '1:status',
        '2:tool_call',
        '2:status',
        '1:tool_result',
        '2:tool_result',
        '3:token',
        '3:citation',
        '3:token',
        '3:citation',
      ])
      const rows = store.listMessages()
      expect(rows.map((r) => r.role)).toEqual(['user', 'assistant'])
      const answer = rows[1]
      expect(answer?.content).toBe('Vitamin D helps [1], calcium alone does not [2].')
      expect(answer?.data).toMatchObject({
        kind: 'turn_answer',
        stopped: false,
        mode: 'online',
        cycles: [
          {
            reasoning: 'I should search.',
            tool_calls: [
              { id: 'a', name: 'search_corpus' },
              { id: 'b', name: 'search_corpus' },
            ],
          },
          { text: 'Vitamin D helps [1], calcium alone does not [2].', tool_calls: [] },
        ],
        citations: [
          { number: 1, chunkId: 'chunk-1' },
          { number: 2, chunkId: 'chunk-2' },
        ],
      })
      expect(outcome).toMatchObject({ stopped: false, mode: 'online', message: { id: answer?.id } })
    })
  })

  it('runs parallel tool calls concurrently, not one after the other', async () => {
    await withSql(async (sql) => {
      let active = 0
      let peak = 0
      const { deps } = depsWith(
        [
          {
            toolCalls: [
              { name: 'search_corpus', arguments: { query: 'x' } },
              { name: 'search_corpus', arguments: { query: 'y' } },
            ],
          },
          { text: ['done'] },
        ],
        async () => {
          active += 1
          peak = Math.max(peak, active)
          await new Promise((resolve) => setTimeout(resolve, 20))
          active -= 1
          return []
        },
      )
      await runTurn(aRun(memoryStore(sql), deps, { message: 'q' }).context)
      expect(peak).toBe(2)
    })
  })

  it('numbers documents across the calls of a turn and reuses a number for a repeated passage', async () => {
    await withSql(async (sql) => {
      const { deps, model } = depsWith([
        {
          toolCalls: [
            { id: 'a', name: 'search_corpus', arguments: { query: 'vitamin D bone density' } },
          ],
        },
        {
          toolCalls: [
            { id: 'b', name: 'search_corpus', arguments: { query: 'calcium fractures' } },
          ],
        },
        { text: ['ok'] },
      ])
      await runTurn(aRun(memoryStore(sql), deps, { message: 'q' }).context)
      const second = model.requests[2]?.messages.at(-2)
      expect(second?.role).toBe('tool')
      const docs = JSON.parse(second?.content ?? '{}') as { documents: { document: number }[] }
      expect(docs.documents.map((d) => d.document)).toEqual([1, 2])
    })
  })

  it('tells the model when a tool fails and still answers', async () => {
    await withSql(async (sql) => {
      const { deps, model } = depsWith(
        [
          { toolCalls: [{ id: 'a', name: 'search_corpus', arguments: { query: 'x' } }] },
          { text: ['Sorry.'] },
        ],
        async () => {
          throw new ProviderError('vectorize', 'index unavailable')
        },
      )
      const run = aRun(memoryStore(sql), deps, { message: 'q' })
      await runTurn(run.context)
      expect(run.packets.find((p) => p.type === 'tool_result')).toMatchObject({
        summary: 'Failed: index unavailable',
      })
      // A failed search showed no documents, so no citation reminder follows the result.
      expect(model.requests[1]?.messages.at(-1)).toEqual({
        role: 'tool',
        toolCallId: 'a',
        content: 'Error: index unavailable',
      })
      expect(run.packets.at(-1)).toMatchObject({ type: 'token', text: 'Sorry.' })
    })
  })

  it('answers a call to an unknown tool or with broken arguments with an error result', async () => {
    await withSql(async (sql) => {
      const { deps, model } = depsWith([
        {
          toolCalls: [
            { id: 'a', name: 'delete_everything', arguments: {} },
            { id: 'b', name: 'search_corpus', arguments: '{"query": ' },
          ],
        },
        { text: ['ok'] },
      ])
      await runTurn(aRun(memoryStore(sql), deps, { message: 'q' }).context)
      const results = model.requests[1]?.messages.filter((m) => m.role === 'tool')
      expect(results?.map((m) => m.content)).toEqual([
        'Error: There is no tool named delete_everything',
        'Error: The arguments of search_corpus are not valid JSON',
      ])
    })
  })

  it('answers from the knowledge base, marked degraded, when the model fails before a word', async () => {
    await withSql(async (sql) => {
      const { deps, model } = depsWith([
        { fail: new ProviderError('openai-compatible', 'upstream 500') },
      ])
      const store = memoryStore(sql)
      const run = aRun(store, deps, { message: 'What do mitochondria do?' })
      const outcome = await runTurn(run.context)
      expect(run.packets.some((p) => p.type === 'error')).toBe(false)
      expect(run.packets).toContainEqual(
        expect.objectContaining({ type: 'status', step: 'answer', phase: 'error' }),
      )
      expect(model.requests).toHaveLength(1) // the failed model is not asked again
      const saved = store.listMessages()[1]
      expect(saved?.content).toMatch(/^_Degraded: the model failed \(model error\)/)
      expect(saved?.data).toMatchObject({
        mode: 'degraded',
        fallbacks: [{ stage: 'model', reason: 'model error' }],
      })
      expect(saved?.data).not.toHaveProperty('error')
      expect(outcome).not.toHaveProperty('error')
    })
  })

  it('reports a model failing mid-answer as an error packet and saves the partial answer with it', async () => {
    await withSql(async (sql) => {
      const { deps } = depsWith([
        {
          text: ['Mitochondria make '],
          failAfterText: new ProviderError('openai-compatible', 'upstream 500'),
        },
      ])
      const store = memoryStore(sql)
      const run = aRun(store, deps, { message: 'q' })
      const outcome = await runTurn(run.context)
      expect(run.packets).toContainEqual(
        expect.objectContaining({
          type: 'error',
          code: 'upstream_failed',
          message: 'upstream 500',
        }),
      )
      expect(run.packets.some((p) => p.type === 'status')).toBe(false) // no fallback after words
      expect(store.listMessages()[1]?.content).toBe('Mitochondria make')
      expect(store.listMessages()[1]?.data).toMatchObject({ error: { code: 'upstream_failed' } })
      expect(outcome).toMatchObject({ error: { code: 'upstream_failed' } })
    })
  })

  it('stops offering tools on the last cycle so the model has to answer', async () => {
    await withSql(async (sql) => {
      const loop: ScriptedStep = {
        toolCalls: [{ name: 'search_corpus', arguments: { query: 'x' } }],
      }
      const { deps, model } = depsWith([loop, loop, loop, loop, loop, { text: ['final'] }])
      const store = memoryStore(sql)
      await runTurn(aRun(store, deps, { message: 'q' }).context)
      expect(model.requests).toHaveLength(deps.config.llm.maxCycles)
      expect(model.requests.slice(0, -1).every((r) => r.tools?.length === 3)).toBe(true)
      expect(model.requests.at(-1)?.tools).toBeUndefined()
      expect(model.requests.at(-1)?.messages[0]?.content).not.toContain('# Tools')
      expect(store.listMessages()[1]?.content).toBe('final')
    })
  })

  it('offers only the tools the request names', async () => {
    await withSql(async (sql) => {
      const { deps, model } = depsWith([{ text: ['hi'] }])
      await runTurn(aRun(memoryStore(sql), deps, { message: 'q', tools: ['open_url'] }).context)
      expect(model.requests[0]?.tools?.map((t) => t.name)).toEqual(['open_url'])
      expect(model.requests[0]?.messages[0]?.content).toContain('- open_url:')
      expect(model.requests[0]?.messages[0]?.content).not.toContain('search_corpus')
    })
  })

  it('rejects an input without a message before storing anything', async () => {
    await withSql(async (sql) => {
      const { deps } = depsWith([])
      const store = memoryStore(sql)
      await expect(runTurn(aRun(store, deps, { message: '  ' }).context)).rejects.toThrow()
      expect(store.listMessages()).toEqual([])
    })
  })

  it('makes the custom agent the system prompt when it replaces it, and does not move it', async () => {
    await withSql(async (sql) => {
      const { deps, model } = depsWith([{ text: ['hi'] }])
      updateTurnSettings(sql, {
        customAgentPrompt: 'You are a grant reviewer.',
        replaceSystemPrompt: true,
      })
      await runTurn(aRun(memoryStore(sql), deps, { message: 'q' }).context)
      const messages = model.requests[0]?.messages ?? []
      expect(messages[0]?.content.startsWith('You are a grant reviewer.')).toBe(true)
      expect(messages[0]?.content).not.toContain(DEFAULT_SYSTEM_PROMPT)
      expect(messages.slice(1)).toEqual([{ role: 'user', content: 'q' }])
    })
  })

  it("uses the session's own system prompt in place of the default", async () => {
    await withSql(async (sql) => {
      const { deps, model } = depsWith([{ text: ['hi'] }])
      updateTurnSettings(sql, { systemPrompt: 'Answer like a field botanist.' })
      await runTurn(aRun(memoryStore(sql), deps, { message: 'q' }).context)
      const system = model.requests[0]?.messages[0]?.content ?? ''
      expect(system.startsWith('Answer like a field botanist.')).toBe(true)
      expect(system).toContain('Current date and time: Tuesday, 2025-03-04 05:06 UTC.')
    })
  })

  it('holds back a reply that declines with the sentinel, shows none of it, and says so', async () => {
    await withSql(async (sql) => {
      const declining = depsWith([
        { text: ['NO_RELEV', 'ANT_SOURCES'] },
        { text: ['NO ', 'data.'] },
      ])
      const answers: { declined?: boolean; text: string }[] = []
      const run = createTurnRunner({
        orchestrate: async (_turn, runStep) => {
          for (let i = 0; i < 2; i += 1)
            answers.push(await runStep({ tools: [], declinesWith: 'NO_RELEVANT_SOURCES' }))
          return {}
        },
      })
      const { context, packets } = aRun(memoryStore(sql), declining.deps, { message: 'q' })
      await run(context)
      const shown = packets.flatMap((p) => (p.type === 'token' ? [p.text] : [])).join('')
      // The first reply was the sentinel, split over two deltas; the second only began like it.
      expect(answers.map((a) => a.declined ?? false)).toEqual([true, false])
      expect(shown).toBe('NO data.')
      expect(answers[1]?.text).toBe('NO data.')
    })
  })

  it('lets a capability run the engine with its own tools and base prompt', async () => {
    await withSql(async (sql) => {
      const { deps, model, retriever } = depsWith([
        { toolCalls: [{ id: 'a', name: 'search_corpus', arguments: { query: 'vitamin D' } }] },
        { text: ['From the paper [1].'] },
      ])
      const papersTool = createSearchCorpusTool({
        namespaces: (id) => [`papers:${id}`],
        describes: 'the loaded papers',
      })
      const runPapersChat = createTurnRunner({
        tools: [papersTool],
        persona: 'You discuss the loaded papers.',
      })
      const store = memoryStore(sql)
      await runPapersChat(aRun(store, deps, { message: 'q' }).context)
      expect(model.requests[0]?.tools?.map((t) => t.name)).toEqual(['search_corpus'])
      expect(
        model.requests[0]?.messages[0]?.content.startsWith('You discuss the loaded papers.'),
      ).toBe(true)
      expect(retriever.queries).toEqual(['vitamin D'])
      expect(store.listMessages()[1]?.data).toMatchObject({ citations: [{ number: 1 }] })
    })
  })
})
