// plan and synthesize with a model: the real openai-compatible adapter against the scripted
// fake server (the question carries the script's marker).
import { describe, expect, it } from 'vitest'
import { planQuestion } from '../../workers/answer/plan'
import { synthesize } from '../../workers/answer/synthesize'
import { makeTestModels, scriptFake } from '../fakes/fake-llm'
import { aRankedSource, aState } from './builders'
import { fakeDeps } from './fake-deps'

const never = new AbortController().signal
const models = () => makeTestModels({ fallbackApiKey: null, timeoutMs: 5_000 })
const history = [
  { role: 'user' as const, content: 'Does vitamin D reduce fractures?' },
  { role: 'assistant' as const, content: 'Not on its own.' },
]

describe('plan with the fast model', () => {
  it('sends the recent conversation and searches the standalone query it returns', async () => {
    const plan = {
      query: 'vitamin D fractures in older women',
      task: 'qa',
      variations: ['cholecalciferol fracture risk women', 'vitamin D hip fracture women'],
    }
    const fake = await scriptFake([{ json: plan }])
    const state = await planQuestion(
      aState({ query: `What about in women? ${fake.marker}`, history }),
      fakeDeps({ models: models() }),
      never,
    )
    expect(state.searchQuery).toBe('vitamin D fractures in older women')
    expect(state.plan).toEqual({ task: 'qa', variations: plan.variations })
    expect(state.fallbacks).toEqual([])
    const [request] = await fake.requests()
    expect(request?.body.model).toBe('fake-fast')
    const prompt = request?.messages.at(-1)?.content ?? ''
    expect(prompt).toContain('Does vitamin D reduce fractures?')
    expect(prompt).toContain('Not on its own.')
    expect(prompt).toContain('What about in women?')
  })

  it('rewrites offline and records the fallback when the planning call fails', async () => {
    const fake = await scriptFake([{ status: 500 }])
    const state = await planQuestion(
      aState({ query: `What about in women? ${fake.marker}`, history }),
      fakeDeps({ models: models() }),
      never,
    )
    expect(state.searchQuery).toMatch(/^What about in women\?.*vitamin/)
    expect(state.fallbacks).toEqual([{ stage: 'plan', reason: 'model error' }])
    expect(state.plan).toBeUndefined()
  })

  it('gives up on a planning call that does not answer in time, naming the timeout', async () => {
    const fake = await scriptFake([{ hang: true }])
    const deps = fakeDeps({ models: models(), timeouts: { planMs: 50 } })
    const state = await planQuestion(
      aState({ query: `Is it safe? ${fake.marker}`, history }),
      deps,
      never,
    )
    expect(state.fallbacks).toEqual([{ stage: 'plan', reason: 'timeout' }])
    expect(state.modelDown).toBeUndefined()
    const notice = deps.packets.find((p) => p.type === 'status' && p.phase === 'error')
    expect(notice).toMatchObject({ step: 'plan', message: expect.stringMatching(/timeout/) })
  })

  it('makes no model call for a first question: it is searched as asked', async () => {
    const fake = await scriptFake([{ json: { query: 'other', task: 'qa', variations: [] } }])
    const query = `Does vitamin D reduce fractures? ${fake.marker}`
    const state = await planQuestion(aState({ query }), fakeDeps({ models: models() }), never)
    expect(state.searchQuery).toBe(query)
    expect(state.plan).toBeUndefined()
    expect(state.fallbacks).toEqual([])
    expect(await fake.requests()).toHaveLength(0)
  })

  it('answers small talk without any model call', async () => {
    const state = await planQuestion(aState({ query: 'hi' }), fakeDeps({ models: models() }), never)
    expect(state.smallTalk).toBe(true)
  })
})

describe('synthesize with the main model', () => {
  const ranked = [1, 2, 3].map((rank) =>
    aRankedSource(rank, { snippet: `Finding number ${rank} about vitamin D.` }),
  )

  it('streams a plain-text answer token by token with checked, renumbered citations', async () => {
    const fake = await scriptFake([
      { reply: 'Vitamin D matters [3]. Some claim more [8]. Both agree [3][1].', chunks: 12 },
    ])
    const deps = fakeDeps({ models: models() })
    const state = await synthesize(
      aState({ query: `Why does it matter? ${fake.marker}`, ranked, history }),
      deps,
      never,
    )
    expect(state.answer).toBe('Vitamin D matters [1]. Some claim more. Both agree [1][2].')
    expect(state.cited).toEqual([3, 1])
    expect(state.answeredBy).toBe('fake-main')
    expect(deps.packets.filter((p) => p.type === 'token').length).toBeGreaterThan(1)
    const citations = deps.packets.flatMap((p) => (p.type === 'citation' ? [p.number] : []))
    expect(citations).toEqual([1, 2])

    const [request] = await fake.requests()
    expect(request?.body.response_format).toBeUndefined()
    expect(Number(request?.body.temperature)).toBeLessThanOrEqual(0.3)
    expect(request?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user'])
    const prompt = request?.messages.at(-1)?.content ?? ''
    expect(prompt).toContain('<source id="3">')
  })

  it('abstains, showing none of it, when the model replies with the sentinel', async () => {
    const fake = await scriptFake([{ reply: 'NO_RELEVANT_SOURCES', chunks: 6 }])
    const deps = fakeDeps({ models: models() })
    const state = await synthesize(
      aState({ query: `Who won the cup? ${fake.marker}`, ranked }),
      deps,
      never,
    )
    expect(state.abstained).toBe(true)
    expect(state.cited).toEqual([])
    expect(state.ranked).toEqual([])
    const streamed = deps.packets.flatMap((p) => (p.type === 'token' ? [p.text] : [])).join('')
    expect(streamed).not.toContain('NO_RELEVANT')
    expect(streamed).toMatch(/do not cover this question/)
  })

  it('puts caller instructions in a delimited block and caps the answer length', async () => {
    const fake = await scriptFake([{ reply: 'Short [1].' }])
    await synthesize(
      aState({
        query: `Brief please ${fake.marker}`,
        ranked,
        instructions: 'Answer in one sentence.',
        maxTokens: 50,
      }),
      fakeDeps({ models: models() }),
      never,
    )
    const [request] = await fake.requests()
    const system = request?.messages[0]?.content ?? ''
    expect(system).toMatch(/only the numbered sources/)
    expect(system).toMatch(
      /<caller_instructions>\nAnswer in one sentence\.\n<\/caller_instructions>/,
    )
    expect(request?.body.max_tokens ?? request?.body.max_completion_tokens).toBe(50)
  })

  it('falls back to an extractive answer, naming why, when the model fails', async () => {
    const fake = await scriptFake([{ status: 500 }])
    const deps = fakeDeps({ models: models() })
    const state = await synthesize(
      aState({ query: `vitamin D finding ${fake.marker}`, ranked }),
      deps,
      never,
    )
    expect(state.fallbacks).toEqual([{ stage: 'synthesize', reason: 'model error' }])
    expect(state.answeredBy).toBeNull()
    expect(state.answer).toMatch(/\[1\] \w+: “Finding number \d about vitamin D\.”/)
    const notice = deps.packets.find((p) => p.type === 'status' && p.phase === 'error')
    expect(notice).toMatchObject({ step: 'synthesize' })
  })
})
