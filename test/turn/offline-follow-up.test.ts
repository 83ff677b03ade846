// Offline chat turns over 61 real SciFact abstracts (enough for IDF): a follow-up carries its
// topic, and one that turns to a subject the topic never mentions is searched for it alone,
// as /api/ask does, and says so.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import corpus from '../fixtures/grounding/scifact-61.jsonl?raw'
import { makeDeps } from '../../workers/deps'
import { corpusIndexRequest, indexMany, parseCorpusJsonl } from '../../workers/retrieval'
import { OFFLINE_NOTE } from '../../workers/turn'
import { call, newSession, type TestSession } from './http-helpers'

interface Answer {
  message: { content: string; data: { citations: { number: number; title: string }[] } }
}

async function say(session: TestSession, message: string): Promise<Answer> {
  const res = await call(session, '/messages', { body: { message } })
  expect(res.status).toBe(200)
  return res.json<Answer>()
}

beforeAll(async () => {
  const rows = parseCorpusJsonl(new TextEncoder().encode(corpus))
  const requests = rows.flatMap((row) => corpusIndexRequest(row, { corpus: 'scifact' }) ?? [])
  await indexMany(makeDeps(env), requests)
})

describe('offline follow-ups in a chat turn', () => {
  it('searches a follow-up that turns to another subject for that subject alone', async () => {
    const session = await newSession()
    const first = await say(session, 'Does vitamin D affect bone mineral density?')
    expect(first.message.data.citations.length).toBeGreaterThan(0)
    const next = await say(session, 'And what about metformin, does it cause lactic acidosis?')
    const body = next.message.content.replace(OFFLINE_NOTE, '').trim()
    expect(body).toMatch(
      /^Nothing found on the earlier question's topic mentions “(metformin|(lactic )?acidosis)”, so this answers it as a new question\./,
    )
    const titles = next.message.data.citations.map((c) => c.title)
    expect(titles.length).toBeGreaterThan(0)
    for (const title of titles) expect(title).toMatch(/metformin|lactic acidosis|AMP-activated/i)
  })

  it('refuses a first message that points back to something never said, and quotes nothing', async () => {
    const session = await newSession()
    const first = await say(session, 'Were the results significant?')
    expect(first.message.content.replace(OFFLINE_NOTE, '').trim()).toMatch(
      /^This question points back to something not said here/,
    )
    expect(first.message.data.citations).toEqual([])
    // Asked after a question that found its topic, the same words are a follow-up on it.
    await say(session, 'Does vitamin D affect bone mineral density?')
    const next = await say(session, 'Were the results significant?')
    expect(next.message.content).not.toMatch(/points back to something not said/)
  })

  it('keeps the topic for a follow-up that asks more of it', async () => {
    const session = await newSession()
    await say(session, 'Does vitamin D affect bone mineral density?')
    const next = await say(session, 'What about in children?')
    expect(next.message.content).not.toMatch(/answers it as a new question/)
    const titles = next.message.data.citations.map((c) => c.title)
    expect(titles.some((t) => /vitamin D|bone|calcium/i.test(t))).toBe(true)
  })
})
