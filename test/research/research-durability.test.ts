// Deep research's durability through the Workflow: a stop ends the run at once and keeps the
// report of the finished sections, marked stopped; a restarted instance reuses every finished
// step (no search runs again) and writes nothing twice.
import { env, introspectWorkflow } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { makeDeps } from '../../workers/deps'
import { seedCorpus } from '../answer/seeded-corpus'
import { markersOf, readRecord, research, startResearch } from './helpers'

beforeAll(seedCorpus)
afterEach(() => {
  vi.restoreAllMocks()
})

async function introspect() {
  const introspector = await introspectWorkflow(env.RESEARCH_WORKFLOW)
  onTestFinished(() => introspector.dispose())
  return introspector
}

describe('deep research durability', () => {
  it('stops at once and keeps the finished sections as a partial report, marked stopped', async () => {
    const deps = makeDeps(env)
    const real = deps.webSearch.search.bind(deps.webSearch)
    // The limitations sub-question's search never answers: the run is mid-research at the stop.
    let release = () => {}
    const held = new Promise<never>((_, reject) => {
      release = () => reject(new Error('released'))
    })
    held.catch(() => undefined)
    onTestFinished(() => release())
    vi.spyOn(deps.webSearch, 'search').mockImplementation((query, options, signal) =>
      /limitations/.test(query) ? held : real(query, options, signal),
    )
    const introspector = await introspect()
    const started = await startResearch({
      question: 'How does vitamin D supplementation affect bone mineral density?',
      options: { concurrency: 1 },
    })
    const [instance] = await introspector.get()
    if (!instance) throw new Error('no workflow instance')
    await instance.waitForStepResult({ name: 'sub-question 4' })
    const before = await readRecord(started)
    expect(before.status).toBe('researching')

    const res = await research(`/${started.research_id}/stop`, { token: started.token })
    expect(res.status).toBe(200)
    const stopped = (await res.json()) as Awaited<ReturnType<typeof readRecord>> & {
      stopped: boolean
    }
    expect(stopped.stopped).toBe(true)
    expect(stopped.status).toBe('stopped')
    expect(stopped.sections).toHaveLength(4)
    expect(stopped.report?.partial).toBe(true)
    expect(stopped.report?.markdown).toMatch(/Stopped: only the sections finished before the stop/)
    const numbers = new Set(stopped.report?.sources.map((s) => s.number))
    for (const n of markersOf(stopped.report?.markdown ?? '')) expect(numbers.has(n)).toBe(true)
    await instance.waitForStatus('terminated')
    // After a reload the stop is what GET says, and a second stop changes nothing.
    expect((await readRecord(started)).status).toBe('stopped')
    const again = (await (
      await research(`/${started.research_id}/stop`, { token: started.token })
    ).json()) as {
      stopped: boolean
    }
    expect(again.stopped).toBe(false)
  })

  it('reuses every finished step when the instance restarts: only the step restarted from searches again', async () => {
    const search = vi.spyOn(makeDeps(env).webSearch, 'search')
    const introspector = await introspect()
    const started = await startResearch({
      question: 'How does sleep duration affect memory consolidation?',
    })
    const [instance] = await introspector.get()
    if (!instance) throw new Error('no workflow instance')
    await instance.waitForStatus('complete')
    const first = await readRecord(started)
    const last = first.sections.at(-1)
    if (!last) throw new Error('no sections')
    const searchesOf = (question: string) =>
      search.mock.calls.filter(([query]) => query === question).length
    const before = first.sections.map((s) => searchesOf(s.question))
    expect(before.every((n) => n > 0)).toBe(true)

    const handle = await env.RESEARCH_WORKFLOW.get(started.research_id)
    await handle.restart({ from: { name: `sub-question ${last.index + 1}` } })
    await vi.waitFor(
      async () => {
        expect(searchesOf(last.question)).toBe(2 * (before.at(-1) ?? 0))
        expect((await handle.status()).status).toBe('complete')
      },
      { timeout: 10_000, interval: 50 },
    )
    // Plan and every earlier sub-question came from the step cache.
    expect(first.sections.slice(0, -1).map((s) => searchesOf(s.question))).toEqual(
      before.slice(0, -1),
    )
    const after = await readRecord(started)
    expect(after.sections).toEqual(first.sections)
    expect(after.report?.markdown).toBe(first.report?.markdown)
  })
})
