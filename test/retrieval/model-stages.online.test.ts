// The retriever's model stages through the real OpenAI-compatible adapter, against the
// scripted fake server: query planning and reranking requests, and fallback on a 500 or an
// unreachable model.
import { beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../workers/config'
import { createRetriever, indexMany } from '../../workers/retrieval'
import { makeTestModels, scriptFake } from '../fakes/fake-llm'
import { freshNamespace, indexDeps, paper } from './helpers'

const NS = freshNamespace('online')

beforeAll(async () => {
  await indexMany(indexDeps(), [
    paper(
      'on:1',
      'Beta blockers after heart attack',
      'Beta blockers reduced mortality after myocardial infarction.',
      { namespace: NS },
    ),
    paper(
      'on:2',
      'Exercise and heart failure',
      'Exercise training improved outcomes in heart failure patients.',
      { namespace: NS },
    ),
    paper('on:3', 'Soil microbes', 'Soil microbial diversity changes with tillage.', {
      namespace: NS,
    }),
  ])
})

function retriever() {
  return createRetriever({
    config: parseConfig({}),
    ...indexDeps(),
    models: makeTestModels({ fallbackApiKey: null }),
  })
}

describe('model stages (online, fake server)', () => {
  it('sends the plan and the grades requests to the fast model with JSON schemas, and follows them', async () => {
    const fake = await scriptFake([
      {
        json: {
          task: 'comparison',
          variations: ['beta-blockers mortality infarction', 'exercise heart'],
        },
      },
      {
        json: {
          scores: [
            { id: 1, score: 2 },
            { id: 2, score: 10 },
          ],
        },
      },
    ])
    const result = await retriever().retrieve(`${fake.marker} heart outcomes`, {
      namespaces: [NS],
      stages: { mmr: false },
    })
    const requests = await fake.requests()
    expect(requests).toHaveLength(2)
    expect(requests.every((r) => r.body.model === 'fake-fast')).toBe(true)
    expect(JSON.stringify(requests[0]?.body.response_format)).toContain('query_plan')
    expect(result.task).toBe('comparison')
    expect(result.queries).toHaveLength(3)
    expect(result.fallbacks).toBeUndefined()
    const grades = requests[1]?.messages.find((m) => m.role === 'user')?.content ?? ''
    expect(grades).toContain('[1]')
    expect(result.chunks[0]?.title).toBe(grades.match(/\[2\] ([^\n]+)/)?.[1])
  })

  it('falls back to the offline stages when the provider fails', async () => {
    const fake = await scriptFake([
      { status: 500 },
      { status: 500 },
      { status: 500 },
      { status: 500 },
    ])
    const result = await retriever().retrieve(`${fake.marker} beta blockers infarction`, {
      namespaces: [NS],
    })
    expect(result.fallbacks).toEqual(['plan:offline', 'rerank:lexical'])
    expect(result.chunks[0]?.title).toBe('Beta blockers after heart attack')
  })

  it('does not ask a model it could not reach to grade, once planning met it', async () => {
    const fake = await scriptFake([
      { fault: { kind: 'reset' } },
      { fault: { kind: 'reset' } },
      { fault: { kind: 'reset' } },
    ])
    const result = await retriever().retrieve(`${fake.marker} beta blockers infarction`, {
      namespaces: [NS],
    })
    expect(result.fallbacks).toEqual(['plan:offline', 'rerank:lexical'])
    expect(await fake.requests()).toHaveLength(1)
    expect(result.modelDown).toBe('model unreachable') // callers may go on without it too
    expect(result.chunks[0]?.title).toBe('Beta blockers after heart attack')
  })
})
