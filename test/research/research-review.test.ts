// options.review: the run waits on a Workflow event after the plan until the reader approves it
// or replaces its sub-questions through POST /api/research/:id/plan.
import { env, introspectWorkflow } from 'cloudflare:test'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { seedCorpus } from '../answer/seeded-corpus'
import { readRecord, research, startResearch, type Started } from './helpers'

beforeAll(seedCorpus)

async function startReviewed(question: string) {
  const introspector = await introspectWorkflow(env.RESEARCH_WORKFLOW)
  onTestFinished(() => introspector.dispose())
  const started = await startResearch({ question, options: { review: true } })
  const [instance] = await introspector.get()
  if (!instance) throw new Error('no workflow instance')
  await instance.waitForStepResult({ name: 'plan' })
  return { started, instance }
}

const review = (started: Started, body: unknown) =>
  research(`/${started.research_id}/plan`, { token: started.token, body })

describe('plan review', () => {
  it('waits with the plan shown, then researches the sub-questions the reader wrote', async () => {
    const { started, instance } = await startReviewed('How does vitamin D affect bone density?')
    const waiting = await readRecord(started)
    expect(waiting.status).toBe('awaiting_review')
    expect(waiting.plan?.sub_questions.length).toBeGreaterThanOrEqual(3)
    expect(waiting.sections).toEqual([])

    const edited = [
      { question: 'Does vitamin D raise bone density in older adults?', why: 'Adults.' },
      { question: 'Does vitamin D raise bone content in children?', why: 'Children.' },
      { question: 'Does coral bleaching follow marine heatwaves?', why: 'A control.' },
    ]
    const res = await review(started, { sub_questions: edited })
    expect(res.status).toBe(202)
    await instance.waitForStatus('complete')
    const done = await readRecord(started)
    expect(done.status).toBe('done')
    expect(done.plan).toMatchObject({ sub_questions: edited, edited: true })
    expect(done.sections.map((s) => s.question)).toEqual(edited.map((q) => q.question))
  })

  it('rejects an edited plan outside 3-6 sub-questions, naming the field, and keeps waiting', async () => {
    const { started } = await startReviewed('How does sleep affect memory?')
    const res = await review(started, { sub_questions: [{ question: 'Only one?', why: 'No.' }] })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toMatch(/sub_questions/)
    expect((await readRecord(started)).status).toBe('awaiting_review')
  })

  it('answers 409 to a review when the plan is not awaiting one', async () => {
    const introspector = await introspectWorkflow(env.RESEARCH_WORKFLOW)
    onTestFinished(() => introspector.dispose())
    const started = await startResearch({ question: 'How does sleep affect memory?' })
    const [instance] = await introspector.get()
    await instance?.waitForStatus('complete')
    expect((await review(started, { approve: true })).status).toBe(409)
  })
})
