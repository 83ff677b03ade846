// An ask framed as a claim carries the evidence map over the sources its answer read (numbered
// as the answer numbers them), and keeps it in the session; an open question carries none.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import type { AnswerPayload } from '../../workers/answer'
import { aResult } from '../answer/builders'
import { ask, bearer, scriptSearch } from '../answer/route-helpers'

const results = [
  aResult(1, {
    title: 'Vitamin D supplementation and fractures in older adults',
    url: 'https://www.nih.gov/vitamin-d-trial',
    domain: 'nih.gov',
    snippet:
      'We randomised 2,000 adults to vitamin D or placebo. Vitamin D supplementation reduced ' +
      'hip fractures in older adults by a fifth.',
  }),
  aResult(2, {
    title: 'Vitamin D and falls',
    url: 'https://www.bmj.com/vitamin-d-falls',
    domain: 'bmj.com',
    snippet: 'Vitamin D supplementation did not reduce hip fractures among people living at home.',
  }),
]

afterEach(() => vi.restoreAllMocks())

describe('an ask framed as a claim', () => {
  it('carries the map, numbered as the answer numbers its sources, and keeps it', async () => {
    await scriptSearch(results)
    const res = await ask({ query: 'Does vitamin D supplementation reduce hip fractures?' })
    const body = (await res.json()) as AnswerPayload & { token: string }
    expect(body.abstained).toBe(false)
    const map = body.claim_check
    expect(map).toMatchObject({ claim: 'vitamin D supplementation reduce hip fractures' })
    expect(map?.evidence.length).toBeGreaterThan(0)
    for (const item of map?.evidence ?? []) {
      expect(body.sources[item.source.number - 1]?.url).toBe(item.source.url)
    }
    const read = await app.request(
      `/api/sessions/${body.session_id}`,
      { headers: bearer(body.token) },
      env,
    )
    const session = (await read.json()) as { messages: { data: Record<string, unknown> }[] }
    expect(session.messages.at(-1)?.data.claim_check).toEqual(map)
  })

  it('leaves an open question without a map', async () => {
    await scriptSearch(results)
    const body = (await (
      await ask({ query: 'What reduces hip fractures in older adults?' })
    ).json()) as AnswerPayload
    expect(body.claim_check).toBeUndefined()
  })
})
