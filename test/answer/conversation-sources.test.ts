// A follow-up keeps the sources the last answer cited among its results; a new topic does not.
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  CARRIED_SOURCES,
  lastCitedSources,
  NEW_RESULTS_FIRST,
  withConversationSources,
} from '../../workers/answer/conversation-sources'
import type { StoredMessage } from '../../workers/session'
import { aResult } from './builders'
import { ask, type AskBody, bearer, scriptSearch } from './route-helpers'

afterEach(() => {
  vi.restoreAllMocks()
})

type FollowUpBody = Omit<AskBody, 'sources'> & { sources: { url: string }[] }

let index = 0
function aMessage(role: 'user' | 'assistant', data: Record<string, unknown>): StoredMessage {
  index += 1
  return { id: `m${index}`, index, role, content: 'text', data, createdAt: index }
}

const stored = (number: number, cited: boolean, url = `https://site${number}.example.com/p`) => ({
  number,
  title: `Source ${number}`,
  url,
  domain: 'example.com',
  snippet: `Passage ${number}.`,
  image: null,
  cited,
  reason: 'test',
})

describe('lastCitedSources', () => {
  it('returns the cited sources of the last finished answer, in [n] order, with corpus ids', () => {
    const messages = [
      aMessage('user', { kind: 'ask' }),
      aMessage('assistant', { kind: 'ask', sources: [stored(1, true)], abstained: false }),
      aMessage('user', { kind: 'ask' }),
      aMessage('assistant', {
        kind: 'ask',
        abstained: false,
        sources: [stored(3, true, '/api/sources/doc%2F7'), stored(1, true), stored(2, false)],
      }),
      aMessage('user', { kind: 'ask' }),
      aMessage('assistant', { kind: 'ask', stopped: true }),
    ]
    const sources = lastCitedSources(messages)
    expect(sources.map((s) => s.title)).toEqual(['Source 1', 'Source 3'])
    expect(sources[1]).toMatchObject({ sourceId: 'doc/7', domain: 'quire', snippet: 'Passage 3.' })
    expect(sources[0]?.sourceId).toBeUndefined()
  })

  it('returns nothing after an abstention, and skips what it cannot read', () => {
    const answered = aMessage('assistant', { kind: 'ask', sources: [stored(1, true)] })
    const abstained = aMessage('assistant', { kind: 'ask', sources: [], abstained: true })
    expect(lastCitedSources([answered, abstained])).toEqual([])
    const odd = aMessage('assistant', { kind: 'ask', sources: [{ title: 3 }, stored(2, true)] })
    expect(lastCitedSources([odd]).map((s) => s.title)).toEqual(['Source 2'])
    expect(lastCitedSources([aMessage('assistant', { kind: 'turn' })])).toEqual([])
  })
})

describe('withConversationSources', () => {
  const found = [1, 2, 3, 4].map((n) => aResult(n))

  it(`places up to ${CARRIED_SOURCES} earlier sources after the best ${NEW_RESULTS_FIRST} new results`, () => {
    const earlier = [7, 8, 9].map((n) => aResult(n))
    const merged = withConversationSources(found, earlier)
    expect(merged.map((r) => r.title)).toEqual([
      'Result 1',
      'Result 2',
      'Result 7',
      'Result 8',
      'Result 3',
      'Result 4',
    ])
  })

  it('leaves an earlier source the search found again where the search put it', () => {
    const again = { ...aResult(4), url: 'https://site4.example.com/page#part' }
    const sameId = [{ ...aResult(3), sourceId: 's3' }]
    const merged = withConversationSources(
      [...found.slice(0, 2), ...sameId, found[3] ?? aResult(4)],
      [again, { ...aResult(9), sourceId: 's3' }],
    )
    expect(merged.map((r) => r.title)).toEqual(['Result 1', 'Result 2', 'Result 3', 'Result 4'])
  })
})

describe('POST /api/ask follow-ups', () => {
  const lyme = aResult(1, {
    title: 'Doxycycline prophylaxis after tick bites',
    url: 'https://journal.example.org/doxycycline-lyme',
    domain: 'journal.example.org',
    snippet: 'A single dose of doxycycline after a tick bite prevented Lyme disease in most cases.',
  })
  const others = [2, 3, 4].map((n) =>
    aResult(n, {
      title: `Tick ecology report ${n}`,
      snippet: `Tick bites and Lyme disease incidence rose in survey region ${n} during warm years.`,
    }),
  )

  async function firstThen(second: string) {
    let calls = 0
    await scriptSearch(async () => (calls++ === 0 ? [lyme] : others))
    const first = (await (
      await ask({ query: 'Does doxycycline prevent Lyme disease after a tick bite?' })
    ).json()) as FollowUpBody
    expect(first.sources.map((s) => s.url)).toEqual([lyme.url])
    const res = await ask(
      { query: second, session_id: first.session_id },
      bearer(first.token ?? ''),
    )
    expect(res.status).toBe(200)
    return (await res.json()) as FollowUpBody
  }

  it("keeps the source the last answer cited among a follow-up's sources", async () => {
    const body = await firstThen('How well does it work?')
    // Where it lands among them is prioritize_sources' call (credibility, then position).
    expect(body.sources.map((s) => s.url)).toContain(lyme.url)
    expect(body.abstained).toBe(false)
  })

  it('carries nothing into a question that starts a new topic', async () => {
    const body = await firstThen(
      'Which regions reported rising tick bites and Lyme disease incidence in warm years?',
    )
    expect(body.sources.map((s) => s.url)).not.toContain(lyme.url)
  })
})
