import { describe, expect, it } from 'vitest'
import { ProviderError, QuotaExhaustedError } from '../../workers/errors'
import { collectResponse, type LanguageModelInput } from '../../workers/llm'
import { makeTestModel, scriptFake } from '../fakes/fake-llm'

const user = (content: string): LanguageModelInput => [{ role: 'user', content }]
const authorizations = async (fake: Awaited<ReturnType<typeof scriptFake>>) =>
  (await fake.requests()).map((r) => r.authorization)

// Seed 004: primary key, then the fallback key on quota errors, then QuotaExhaustedError.
describe('primary and fallback keys', () => {
  it('repeats the same request with the fallback key after a 429', async () => {
    const fake = await scriptFake([
      { status: 429 },
      { requireKey: 'fallback-key', reply: 'from the fallback' },
    ])
    const response = await makeTestModel().complete({ messages: user(`${fake.marker} q`) })
    expect(response.text).toBe('from the fallback')
    expect(await authorizations(fake)).toEqual(['Bearer primary-key', 'Bearer fallback-key'])
    const [first, second] = await fake.requests()
    expect(second?.body).toEqual(first?.body)
  })

  it('throws QuotaExhaustedError when both keys are out of quota', async () => {
    const fake = await scriptFake([{ status: 429 }, { status: 429 }])
    const error = await makeTestModel()
      .complete({ messages: user(fake.marker) })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(QuotaExhaustedError)
    expect(error).toMatchObject({ status: 429, code: 'quota_exhausted', retryable: false })
    expect(await authorizations(fake)).toEqual(['Bearer primary-key', 'Bearer fallback-key'])
  })

  it('throws QuotaExhaustedError after one try when no fallback key is configured', async () => {
    const fake = await scriptFake([{ status: 429 }, { reply: 'unused' }])
    const error = await makeTestModel({ fallbackApiKey: null })
      .complete({ messages: user(fake.marker) })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(QuotaExhaustedError)
    expect(await fake.requests()).toHaveLength(1)
  })

  it('treats a quota error code under another status as quota (Gemini-style RESOURCE_EXHAUSTED)', async () => {
    const fake = await scriptFake([
      {
        status: 403,
        error: { message: 'Out of credits', type: 'billing', code: 'RESOURCE_EXHAUSTED' },
      },
      { reply: 'recovered' },
    ])
    expect((await makeTestModel().complete({ messages: user(fake.marker) })).text).toBe('recovered')
    expect(await authorizations(fake)).toEqual(['Bearer primary-key', 'Bearer fallback-key'])
  })

  it('does not trust message text alone when the response has a status', async () => {
    const fake = await scriptFake([
      {
        status: 400,
        error: { message: 'quota for max_tokens exceeded', type: 'invalid_request_error' },
      },
    ])
    const error = await makeTestModel()
      .complete({ messages: user(fake.marker) })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(await fake.requests()).toHaveLength(1)
  })

  it('does not switch keys on a 500', async () => {
    const fake = await scriptFake([{ status: 500 }, { reply: 'unused' }])
    const error = await makeTestModel()
      .complete({ messages: user(fake.marker) })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderError)
    expect(await authorizations(fake)).toEqual(['Bearer primary-key'])
  })

  it('falls back for a stream that fails with 429 before its first delta', async () => {
    const fake = await scriptFake([
      { status: 429 },
      { reply: 'streamed from the fallback', chunks: 3 },
    ])
    const response = await collectResponse(makeTestModel().stream({ messages: user(fake.marker) }))
    expect(response).toMatchObject({ text: 'streamed from the fallback', finishReason: 'stop' })
    expect(await authorizations(fake)).toEqual(['Bearer primary-key', 'Bearer fallback-key'])
  })

  it('throws QuotaExhaustedError from a stream when both keys are exhausted', async () => {
    const fake = await scriptFake([{ status: 429 }, { status: 429 }])
    const error = await collectResponse(
      makeTestModel().stream({ messages: user(fake.marker) }),
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(QuotaExhaustedError)
  })
})
