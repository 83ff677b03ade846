// Deep research offline, through the route and the Workflow: a covered question runs start ->
// done with an extractive report whose every [n] names a source a sub-question retrieved; an
// uncovered one gives a short report of gap lines citing nothing; the steps are Workflow steps.
import { env, introspectWorkflow } from 'cloudflare:test'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { seedCorpus, CORPUS } from '../answer/seeded-corpus'
import { markersOf, readRecord, research, startResearch } from './helpers'

beforeAll(seedCorpus)

const corpusTitles = new Set(CORPUS.map((doc) => doc.source.title))

describe('POST /api/research offline', () => {
  it('runs plan, each sub-question and the report as steps, to a report whose [n] all resolve', async () => {
    const introspector = await introspectWorkflow(env.RESEARCH_WORKFLOW)
    onTestFinished(() => introspector.dispose())
    const started = await startResearch({
      question: 'How does vitamin D supplementation affect bone mineral density?',
    })
    expect(started).toMatchObject({ status: 'planning' })
    expect(started.token).toMatch(/\S/)
    const [instance] = await introspector.get()
    if (!instance) throw new Error('no workflow instance was created')
    const plan = (await instance.waitForStepResult({ name: 'plan' })) as {
      plan: { sub_questions: unknown[]; made_by: string }
    }
    expect(plan.plan.made_by).toBe('offline')
    expect(plan.plan.sub_questions.length).toBeGreaterThanOrEqual(3)
    expect(plan.plan.sub_questions.length).toBeLessThanOrEqual(6)
    await instance.waitForStepResult({ name: 'sub-question 1' })
    await instance.waitForStepResult({ name: 'report' })
    await instance.waitForStatus('complete')

    const record = await readRecord(started)
    expect(record.status).toBe('done')
    expect(record.mode).toBe('offline')
    expect(record.sections).toHaveLength(plan.plan.sub_questions.length)
    const report = record.report
    if (!report) throw new Error('no report')
    const numbers = new Set(report.sources.map((s) => s.number))
    const cited = markersOf(report.markdown)
    expect(cited.length).toBeGreaterThan(0)
    for (const n of cited) expect(numbers.has(n)).toBe(true)
    // Only sources the sub-questions retrieved: each is a corpus document.
    for (const source of report.sources) expect(corpusTitles.has(source.title)).toBe(true)
    expect(report.references.map((r) => r.number)).toEqual(report.sources.map((s) => s.number))
    expect(report.markdown).toMatch(/Mode: offline/)
    expect(report.markdown).toMatch(/## References/)
    expect(report.verification.checked).toBeGreaterThan(0)
    expect(report.bibtex).toMatch(/@/)
    expect(record.usage.calls).toBe(0)
    expect(record.usage.steps.map((s) => s.name)).toContain('report')
  })

  it('gives an uncovered question a short report of gap lines that cites nothing', async () => {
    const introspector = await introspectWorkflow(env.RESEARCH_WORKFLOW)
    onTestFinished(() => introspector.dispose())
    const started = await startResearch({
      question: 'What drives volcanic eruptions on the moon Io of Jupiter?',
    })
    const [instance] = await introspector.get()
    await instance?.waitForStatus('complete')
    const record = await readRecord(started)
    expect(record.status).toBe('done')
    const report = record.report
    if (!report) throw new Error('no report')
    expect(report.sources).toEqual([])
    expect(report.references).toEqual([])
    expect(markersOf(report.markdown)).toEqual([])
    expect(report.gaps).toHaveLength(record.sections.length)
    expect(report.markdown).toMatch(/The library has nothing on/)
  })

  it('names the field a bad body gets wrong and starts nothing', async () => {
    const res = await research('', { body: { question: '   ' } })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('validation_failed')
    expect(JSON.stringify(body.error)).toMatch(/question/)
  })

  it('answers a run only with its session token', async () => {
    const introspector = await introspectWorkflow(env.RESEARCH_WORKFLOW)
    onTestFinished(() => introspector.dispose())
    const started = await startResearch({ question: 'How does sleep affect memory consolidation?' })
    const [instance] = await introspector.get()
    await instance?.waitForStatus('complete')
    expect((await research(`/${started.research_id}`)).status).toBe(401)
    expect((await research(`/${started.research_id}`, { token: 'wrong' })).status).toBe(403)
  })
})
