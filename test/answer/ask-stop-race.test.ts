// A stop that lands while the answer is still being made is the turn's outcome, whatever the
// pipeline does next: a step that ignores the signal (here the cached replay) cannot turn the
// stopped turn into a full answer in the session behind the reader's back.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runAsk } from '../../workers/answer/ask-runner'
import { aRun, memoryStore, withSql } from '../turn/helpers'
import { aResult } from './builders'
import { ask, scriptSearch, sessionDeps } from './route-helpers'

const QUESTION = 'Does a stopped answer stay stopped in the session?'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('ask stopped while it runs', () => {
  it('saves the text sent so far, marked stopped, even when the pipeline then finishes', async () => {
    await scriptSearch([
      aResult(1, {
        title: 'Stopping runs',
        snippet: 'A stopped answer stays stopped in the session.',
      }),
    ])
    // The first ask fills the 10-minute cache; the replay of it never looks at the signal.
    const first = (await (await ask({ query: QUESTION })).json()) as { answer: string }
    expect(first.answer.length).toBeGreaterThan(0)
    const deps = await sessionDeps()
    const { saved, outcome, packets } = await withSql(async (sql) => {
      const store = memoryStore(sql)
      const run = aRun(store, deps, { query: QUESTION, options: {} })
      const running = runAsk(run.context as never)
      run.controller.abort()
      return { outcome: await running, saved: store.listMessages(), packets: run.packets }
    })
    expect(outcome).toMatchObject({ stopped: true, answer: '' })
    expect(saved.map((m) => [m.role, m.content, m.data.stopped ?? false])).toEqual([
      ['user', QUESTION, false],
      ['assistant', '', true],
    ])
    expect(packets.filter((p) => p.type === 'token')).toEqual([])
  })
})
