// The keyed plan against the scripted OpenAI-compatible server: one structured call whose
// validated sub-questions become the plan; JSON that does not validate takes the offline
// decomposition and says so; the run's model-call budget caps every later step.
import { env, introspectWorkflow } from 'cloudflare:test'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { scriptFake, type FakeStep } from '../fakes/fake-llm'
import { seedCorpus } from '../answer/seeded-corpus'
import { readRecord, startResearch } from './helpers'

beforeAll(seedCorpus)

const SUB_QUESTIONS = [
  { question: 'Does vitamin D raise bone mineral density in older adults?', why: 'Adults.' },
  { question: 'Does vitamin D raise bone mineral content in children?', why: 'Children.' },
  { question: 'Does vitamin D change fracture rates?', why: 'Outcomes that matter.' },
]

async function runToEnd(question: string, options: Record<string, unknown>) {
  const introspector = await introspectWorkflow(env.RESEARCH_WORKFLOW)
  onTestFinished(() => introspector.dispose())
  const started = await startResearch({ question, options })
  const [instance] = await introspector.get()
  await instance?.waitForStatus('complete')
  return readRecord(started)
}

describe('the keyed research plan', () => {
  it('takes the sub-questions of one validated structured call', async () => {
    const plan: FakeStep = { forSchema: 'research_plan', json: { sub_questions: SUB_QUESTIONS } }
    const fake = await scriptFake([plan])
    // A budget of one call: the plan spends it, so every section answers offline, and says so.
    const record = await runToEnd(`How does vitamin D affect bone? ${fake.marker}`, {
      budget_calls: 1,
    })
    expect(record.plan).toEqual({ sub_questions: SUB_QUESTIONS, made_by: 'model' })
    expect(record.sections.map((s) => s.question)).toEqual(SUB_QUESTIONS.map((q) => q.question))
    expect(await fake.requests()).toHaveLength(1)
    expect(record.usage.calls).toBe(1)
    expect(record.usage.tokens).toBeGreaterThan(0)
    expect(record.mode).toBe('degraded')
    expect(record.fallbacks.some((f) => f.stage === 'research_budget')).toBe(true)
    expect(record.status).toBe('done')
  })

  it('falls back to the offline decomposition when the plan is not valid JSON, and records why', async () => {
    const fake = await scriptFake([{ forSchema: 'research_plan', raw: 'Here are some ideas.' }])
    const record = await runToEnd(`How does sleep affect memory? ${fake.marker}`, {
      budget_calls: 1,
    })
    expect(record.plan?.made_by).toBe('offline')
    expect(record.plan?.sub_questions.length).toBeGreaterThanOrEqual(3)
    expect(record.fallbacks).toContainEqual({
      stage: 'research_plan',
      reason: 'the plan was not valid JSON',
    })
    expect(record.mode).toBe('degraded')
  })
})
