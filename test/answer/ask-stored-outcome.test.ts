// What an ask keeps of why its answer is what it is: the stored message carries the payload's
// abstention reason and search error as fields, so a reopened session says the same as the
// stream did (issue 47: after a reload an abstention's reason became the generic one).
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { ProviderError } from '../../workers/errors'
import type { WebSearchResult } from '../../workers/sources'
import { aResult } from './builders'
import { ask, bearer, scriptSearch } from './route-helpers'

interface AskBody {
  session_id: string
  token?: string
  abstained: boolean
  reason?: string
  search_error?: string
}

interface Stored {
  role: string
  data?: { abstained?: boolean; reason?: string; search_error?: string }
}

const offTopic = [
  aResult(1, {
    title: 'Cancer statistics, 2018',
    snippet: 'Each year the American Cancer Society estimates new cancer cases and deaths.',
  }),
]
const covered = [
  aResult(1, {
    title: 'Sleep and memory consolidation',
    snippet: 'Sleep after learning improves memory consolidation in adults.',
  }),
]
const failing = async (): Promise<WebSearchResult[]> => {
  throw new ProviderError('search', 'search backend unreachable')
}

afterEach(() => {
  vi.restoreAllMocks()
})

async function storedReply(body: AskBody): Promise<Stored['data']> {
  const res = await app.request(
    `/api/sessions/${body.session_id}`,
    { headers: bearer(body.token ?? '') },
    env,
  )
  const { messages } = (await res.json()) as { messages: Stored[] }
  return messages.filter((m) => m.role === 'assistant').at(-1)?.data
}

describe('a stored ask answer keeps why it was withheld', () => {
  it.each([
    ['sources that miss the question', 'Who won the 2018 World Cup?', offTopic],
    ['a first question pointing back at nothing', 'Were the results significant?', covered],
    ['a failed search', 'Does sleep consolidate memory?', failing],
  ] as const)('keeps the reason and search error of %s', async (_case, query, search) => {
    await scriptSearch(search as WebSearchResult[] | (() => Promise<WebSearchResult[]>))
    const body = (await (await ask({ query })).json()) as AskBody
    expect(body.abstained).toBe(true)
    expect(body.reason).toMatch(/\S/)
    const data = await storedReply(body)
    expect(data).toMatchObject({ abstained: true, reason: body.reason })
    expect(data?.search_error).toBe(body.search_error)
  })

  it('stores no reason for an answer that was given', async () => {
    await scriptSearch(covered)
    const body = (await (
      await ask({ query: 'Does sleep improve memory consolidation?' })
    ).json()) as AskBody
    expect(body.abstained).toBe(false)
    const data = await storedReply(body)
    expect(data).toMatchObject({ abstained: false })
    expect(data).not.toHaveProperty('reason')
    expect(data).not.toHaveProperty('search_error')
  })
})
