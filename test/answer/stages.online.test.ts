// prioritize_sources and synthesize with a model: the real openai-compatible adapter against
// the scripted fake server (the query carries the script's marker).
import { describe, expect, it } from 'vitest'
import { prioritizeSources } from '../../workers/answer/prioritize'
import { synthesize } from '../../workers/answer/synthesize'
import { makeTestModels, scriptFake } from '../fakes/fake-llm'
import { aRankedSource, aResult, aState } from './builders'
import { fakeDeps } from './fake-deps'

const never = new AbortController().signal
const models = () => makeTestModels({ fallbackApiKey: null, timeoutMs: 5_000 })

const results = [
  aResult(1, { domain: 'blog.example.com' }),
  aResult(2, { domain: 'nejm.org' }),
  aResult(3, { domain: 'cdc.gov' }),
  aResult(4, { domain: 'cdc.gov', url: 'https://cdc.gov/second' }),
  aResult(5, { domain: 'who.int' }),
  aResult(6, { domain: 'reddit.com' }),
  aResult(7, { domain: 'nih.gov' }),
]

describe('prioritize_sources with the fast model', () => {
  it('follows the model ranking with its reasons, ignores unknown ids and returns at most 5', async () => {
    const fake = await scriptFake([
      {
        json: {
          ranked: [
            { id: 3, reason: 'federal health agency' },
            { id: 99, reason: 'invented' },
            { id: 2, reason: 'peer-reviewed journal' },
            { id: 4, reason: 'same agency again' },
          ],
        },
      },
    ])
    const before = structuredClone(results)
    const state = aState({ query: `Is vitamin D safe? ${fake.marker}`, results })
    const ranked = (await prioritizeSources(state, fakeDeps({ models: models() }), never)).ranked
    expect(ranked.slice(0, 2).map((s) => [s.domain, s.reason])).toEqual([
      ['cdc.gov', 'federal health agency'],
      ['nejm.org', 'peer-reviewed journal'],
    ])
    expect(ranked.length).toBe(5)
    expect(ranked.filter((s) => s.domain === 'cdc.gov')).toHaveLength(1)
    expect(state.results).toEqual(before)
    const [request] = await fake.requests()
    expect(request?.body.model).toBe('fake-fast')
  })

  it('falls back to the credibility heuristic when the model fails', async () => {
    const fake = await scriptFake([
      { status: 500 },
      { status: 500 },
      { status: 500 },
      { status: 500 },
    ])
    const state = aState({ query: `Is vitamin D safe? ${fake.marker}`, results })
    const next = await prioritizeSources(state, fakeDeps({ models: models() }), never)
    expect(next.fallbacks).toContain('prioritize_sources')
    expect(next.ranked[0]?.domain).toMatch(/cdc\.gov|who\.int|nih\.gov|nejm\.org/)
    expect(next.ranked.length).toBeLessThanOrEqual(5)
  })
})

describe('synthesize with the main model', () => {
  const ranked = [1, 2, 3].map((rank) =>
    aRankedSource(rank, { snippet: `Finding number ${rank} about vitamin D.` }),
  )

  it('streams a JSON answer and returns it with checked, densely renumbered citations', async () => {
    const fake = await scriptFake([
      {
        json: {
          answer: 'Vitamin D matters [3]. Some claim more [8]. Both agree [3][1].',
          citations: [
            { id: 3, title: 'Result 3' },
            { id: 8, title: 'Invented' },
          ],
          related_questions: ['How much vitamin D per day?', 'Who is at risk of deficiency?'],
        },
        chunks: 12,
      },
    ])
    const deps = fakeDeps({ models: models() })
    const history = [
      { role: 'user' as const, content: 'Tell me about vitamin D.' },
      { role: 'assistant' as const, content: 'It is a vitamin [1].' },
    ]
    const state = await synthesize(
      aState({ query: `Why does it matter? ${fake.marker}`, ranked, history }),
      deps,
      never,
    )
    expect(state.answer).toBe('Vitamin D matters [1]. Some claim more. Both agree [1][2].')
    expect(state.cited).toEqual([3, 1])
    expect(state.relatedQuestions).toEqual([
      'How much vitamin D per day?',
      'Who is at risk of deficiency?',
    ])
    const tokens = deps.packets.filter((p) => p.type === 'token')
    expect(tokens.length).toBeGreaterThan(1)
    expect(
      deps.packets
        .filter((p) => p.type === 'citation')
        .map((p) => p.type === 'citation' && p.number),
    ).toEqual([1, 2])

    const [request] = await fake.requests()
    expect(Number(request?.body.temperature)).toBeLessThanOrEqual(0.3)
    expect(request?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user'])
    const prompt = request?.messages.at(-1)?.content ?? ''
    expect(prompt).toContain('<source id="3">')
    expect(prompt).toContain('Finding number 2')
  })

  it('takes a prose reply as the answer, still checking its citations', async () => {
    const fake = await scriptFake([{ raw: 'Plain prose answer [2] with a bad cite [5].' }])
    const state = await synthesize(
      aState({ query: `Prose please ${fake.marker}`, ranked }),
      fakeDeps({ models: models() }),
      never,
    )
    expect(state.answer).toBe('Plain prose answer [1] with a bad cite.')
    expect(state.cited).toEqual([2])
  })

  it('falls back to an extractive answer when the model fails', async () => {
    const fake = await scriptFake([
      { status: 500 },
      { status: 500 },
      { status: 500 },
      { status: 500 },
    ])
    const state = await synthesize(
      aState({ query: `vitamin D finding ${fake.marker}`, ranked }),
      fakeDeps({ models: models() }),
      never,
    )
    expect(state.fallbacks).toContain('synthesize')
    expect(state.answer).toMatch(/Finding number \d about vitamin D\. \[1\]/)
    expect(state.cited.length).toBeGreaterThanOrEqual(1)
  })
})
