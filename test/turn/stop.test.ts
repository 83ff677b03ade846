import { describe, expect, it } from 'vitest'
import { runTurn } from '../../workers/turn'
import { aChunk, aRun, fakeRetriever, memoryStore, testDeps, withSql } from './helpers'
import { scriptedModel, type ScriptedStep } from './scripted-model'

/** Resolves when `predicate` holds for the packets seen so far. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i += 1) await new Promise((r) => setTimeout(r, 2))
  if (!check()) throw new Error('condition never held')
}

/**
 * The model (or tool) here never finishes, so any finite bound proves the stop ended the turn.
 * Measured stop-to-end under load (two CPU burners beside a busy shared machine): max 17 ms;
 * the bound is far above 5x that. Precise stop latency is not a test figure.
 */
const STOP_BOUND_MS = 1_000

describe('stopping a turn', () => {
  it('ends promptly in the middle of token streaming and saves the partial answer', async () => {
    await withSql(async (sql) => {
      // The model ignores the signal: the turn must not depend on its cooperation.
      const steps: ScriptedStep[] = [
        { text: ['Partial ', 'answer'], hang: true, ignoreSignal: true },
      ]
      const model = scriptedModel(steps)
      const store = memoryStore(sql)
      const run = aRun(store, testDeps({ models: { main: model, fast: model } }), { message: 'q' })
      const turn = runTurn(run.context)
      await until(() => run.packets.filter((p) => p.type === 'token').length === 2)
      const stoppedAt = performance.now()
      run.controller.abort()
      const outcome = await turn
      expect(performance.now() - stoppedAt).toBeLessThan(STOP_BOUND_MS)
      expect(outcome).toMatchObject({ stopped: true })
      const saved = store.listMessages()[1]
      expect(saved?.content).toBe('Partial answer')
      expect(saved?.data).toMatchObject({ stopped: true })
    })
  })

  it('ends promptly in the middle of a tool call and keeps what was produced', async () => {
    await withSql(async (sql) => {
      const model = scriptedModel([
        {
          text: ['Let me look. '],
          toolCalls: [{ id: 'a', name: 'search_corpus', arguments: { query: 'x' } }],
        },
      ])
      const hanging = fakeRetriever(() => new Promise(() => undefined))
      const store = memoryStore(sql)
      const deps = testDeps({ models: { main: model, fast: model }, retriever: hanging })
      const run = aRun(store, deps, { message: 'q' })
      const turn = runTurn(run.context)
      await until(() => run.packets.some((p) => p.type === 'tool_call'))
      const stoppedAt = performance.now()
      run.controller.abort()
      await turn
      expect(performance.now() - stoppedAt).toBeLessThan(STOP_BOUND_MS)
      const saved = store.listMessages()[1]
      expect(saved?.content).toBe('Let me look.')
      expect(saved?.data).toMatchObject({
        stopped: true,
        cycles: [{ tool_calls: [{ id: 'a', name: 'search_corpus', arguments: '{"query":"x"}' }] }],
      })
    })
  })

  it('emits nothing after the stop, even when abandoned work finishes later', async () => {
    await withSql(async (sql) => {
      const model = scriptedModel([
        { toolCalls: [{ id: 'a', name: 'search_corpus', arguments: { query: 'x' } }] },
      ])
      let release: () => void = () => undefined
      const late = fakeRetriever(
        () => new Promise((resolve) => (release = () => resolve([aChunk()]))),
      )
      const deps = testDeps({ models: { main: model, fast: model }, retriever: late })
      const run = aRun(memoryStore(sql), deps, { message: 'q' })
      const turn = runTurn(run.context)
      await until(() => run.packets.some((p) => p.type === 'tool_call'))
      run.controller.abort()
      await turn
      const count = run.packets.length
      release()
      await new Promise((r) => setTimeout(r, 10))
      expect(run.packets).toHaveLength(count)
    })
  })
})
