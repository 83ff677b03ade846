// Through the routes, offline: /v1 never quotes a structured-abstract label in sentence or
// Title Case as part of a sentence, and /api/ask's related questions never end on an adjective.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import corpus from '../fixtures/grounding/scifact-61.jsonl?raw'
import { app } from '../../workers/app'
import { makeDeps } from '../../workers/deps'
import { corpusIndexRequest, indexMany, parseCorpusJsonl } from '../../workers/retrieval'
import { ask } from './route-helpers'

const LABELLED = {
  _id: 'labelled-1',
  title: 'Statin therapy and mortality in older adults: a systematic review',
  text:
    'Objective To weigh statin therapy for mortality in older adults. Data sources Medline and ' +
    'Embase to 2020. Study selection Randomised trials of statin therapy in adults over 70 ' +
    'years. Data abstraction Two independent investigators extracted statin therapy mortality ' +
    'data from every trial. Main Outcome Measures All-cause mortality in older adults. Results ' +
    'Statin therapy reduced all-cause mortality in older adults by 12 percent. Conclusions ' +
    'Statin therapy lowers mortality in older adults at high cardiovascular risk.',
}

beforeAll(async () => {
  const text = `${corpus.trim()}\n${JSON.stringify(LABELLED)}\n`
  const rows = parseCorpusJsonl(new TextEncoder().encode(text))
  const requests = rows.flatMap((row) => corpusIndexRequest(row, { corpus: 'scifact' }) ?? [])
  await indexMany(makeDeps(env), requests)
})

const LABEL_OPENING =
  /“(Objective|Data sources|Study selection|Data abstraction|Main Outcome Measures|Results|Conclusions) /

describe('offline quotes through the routes', () => {
  it('quotes no structured-abstract label in /v1/chat/completions', async () => {
    const res = await app.request(
      '/v1/chat/completions',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer test-api-key' },
        body: JSON.stringify({
          model: 'quire-answer',
          messages: [
            { role: 'user', content: 'Does statin therapy reduce mortality in older adults?' },
          ],
        }),
      },
      env,
    )
    expect(res.status).toBe(200)
    const body = await res.json<{ choices: { message: { content: string } }[] }>()
    const content = body.choices[0]?.message.content ?? ''
    expect(content).toMatch(/“/)
    expect(content).not.toMatch(LABEL_OPENING)
    expect(content).not.toMatch(/Data abstraction Two/)
  })

  it.each([
    'Does statin therapy lower cardiovascular mortality?',
    'Is statin therapy linked to cardiovascular outcomes?',
    'Does metformin lower cardiovascular risk in diabetic patients?',
    'Does statin therapy prevent cardiovascular disease in women?',
  ])('suggests related questions for "%s" that never end on an adjective', async (query) => {
    const res = await ask({ query })
    expect(res.status).toBe(200)
    const body = await res.json<{ related_questions: string[] }>()
    expect(body.related_questions.length).toBeGreaterThan(0)
    for (const question of body.related_questions)
      expect(question).not.toMatch(/\b(cardiovascular|diabetic|lower)\?$/)
  })
})
