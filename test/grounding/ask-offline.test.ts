// The grounding behaviours through POST /api/ask, offline, over a knowledge base of 61 real
// SciFact abstracts (enough for IDF): short topics are answered, off-topic questions abstain
// with steps the caller can take, evidence is the passage that answers, offline text quotes
// and attributes, greetings get a greeting, follow-ups keep their topic.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import corpus from '../fixtures/grounding/scifact-61.jsonl?raw'
import { makeDeps } from '../../workers/deps'
import { corpusIndexRequest, indexMany, parseCorpusJsonl } from '../../workers/retrieval'
import { ask, bearer } from '../answer/route-helpers'

interface AskBody {
  session_id: string
  token?: string
  answer: string
  abstained: boolean
  search_query?: string
  sources: { title: string; snippet: string; url: string }[]
  related_questions: string[]
}

async function asked(body: Record<string, unknown>, token?: string): Promise<AskBody> {
  const res = await ask(body, token ? bearer(token) : {})
  expect(res.status).toBe(200)
  return res.json<AskBody>()
}

/** Every [n] the answer quotes names a source whose title or passage is on `topic`. */
function expectQuotesOnTopic(body: AskBody, topic: RegExp) {
  const cited = [...body.answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))
  expect(cited.length).toBeGreaterThan(0)
  for (const n of cited) {
    const source = body.sources[n - 1]
    expect(`${source?.title} ${source?.snippet}`).toMatch(topic)
  }
}

beforeAll(async () => {
  const encoder = new TextEncoder()
  const rows = parseCorpusJsonl(encoder.encode(corpus))
  const requests = rows.flatMap((row) => corpusIndexRequest(row, { corpus: 'scifact' }) ?? [])
  await indexMany(makeDeps(env), requests)
})

describe('offline answers through /api/ask', () => {
  it('answers a one-word topic the library covers, quoting and attributing its sources', async () => {
    const body = await asked({ query: 'statins' })
    expect(body.abstained).toBe(false)
    expect(body.sources.length).toBeGreaterThan(0)
    expect(body.sources[0]?.title).toMatch(/statin/i)
    expect(body.answer).toMatch(/^\[1\] \w+: “/)
    // Every quoted sentence stands on its own and its quotes are closed.
    for (const quote of body.answer.match(/“[^”]*”/g) ?? []) {
      expect(quote).not.toMatch(/^“(However|These|This|Secondly|Moreover|They)\b/)
    }
    expect(body.answer.split('“').length).toBe(body.answer.split('”').length)
  })

  it('gives the passage that answers as evidence, not the opening of the abstract', async () => {
    const body = await asked({
      query: 'Which residues are critical for the apoptotic activity of p53?',
    })
    expect(body.abstained).toBe(false)
    const p53 = body.sources.find((s) => /p53 functional domain/i.test(s.title))
    expect(p53?.snippet).toContain('residues 53 and 54 are critical')
    expect(p53?.snippet.length).toBeLessThanOrEqual(820)
  })

  it('reads a misspelt word as the library spells it, and shows the query it searched', async () => {
    const body = await asked({
      query: 'Which residues are critical for the apoptotc activity of p53?',
    })
    expect(body.search_query).toBe('Which residues are critical for the apoptotic activity of p53?')
    expect(body.abstained).toBe(false)
    expect(body.sources.some((s) => /p53 functional domain/i.test(s.title))).toBe(true)
  })

  it('abstains on an off-topic question and offers only what the caller can change', async () => {
    const plain = await asked({ query: 'What is the offside rule in football?' })
    expect(plain).toMatchObject({ abstained: true, sources: [], related_questions: [] })
    expect(plain.answer).not.toMatch(/filter/)
    const filtered = await asked({
      query: 'What is the offside rule in football?',
      search_domain_filter: ['example.org'],
      search_recency_filter: 'year',
    })
    expect(filtered.abstained).toBe(true)
    expect(filtered.answer).toMatch(/removing the domain filter/)
    expect(filtered.answer).toMatch(/removing the recency filter/)
  })

  it('abstains on a first question that points back to something never said', async () => {
    for (const query of ['Were the results significant?', 'Which treatment works best?']) {
      const body = await asked({ query })
      expect(body, query).toMatchObject({ abstained: true, sources: [], related_questions: [] })
      expect(body.answer).toMatch(/^This question points back to something not said here/)
      expect(body.answer).toMatch(/Ask it again with its subject named\.$/)
    }
    // Naming its subject, it is searched and judged like any question.
    const named = await asked({ query: 'Which statin works best?' })
    expect(named.answer).not.toMatch(/points back to something not said/)
  })

  it('answers "Hi there, how are you?" with a greeting, not a search', async () => {
    const body = await asked({ query: 'Hi there, how are you?' })
    expect(body.answer).toMatch(/^Hello!/)
    expect(body.sources).toEqual([])
    expect(body.abstained).toBe(false)
  })
})

describe('offline follow-ups through /api/ask', () => {
  it('searches "What about in children?" for the earlier topic', async () => {
    const first = await asked({ query: 'Does vitamin D affect bone mineral density?' })
    expect(first.abstained).toBe(false)
    const next = await asked(
      { query: 'What about in children?', session_id: first.session_id },
      first.token,
    )
    expect(next.search_query).toMatch(/children/)
    expect(next.search_query).toMatch(/vitamin D/)
    expect(next.search_query).toMatch(/bone mineral density/)
  })

  it('says so when the passages on the topic never mention what a follow-up adds', async () => {
    const first = await asked({ query: 'Does vitamin D affect bone mineral density?' })
    const next = await asked(
      { query: 'What about the olympics?', session_id: first.session_id },
      first.token,
    )
    // Either nothing addresses it, or the quotes come after a note naming what they lack,
    // and each quote is from a source on the earlier topic.
    if (next.abstained) return expect(next.sources).toEqual([])
    expect(next.answer).toMatch(
      /^None of the passages found on the earlier question's topic mentions “olympics”/,
    )
    expectQuotesOnTopic(next, /vitamin|bone|mineral|density/i)
  })

  it('answers a follow-up that turns to what the topic never mentions as a new question, and says so', async () => {
    const first = await asked({ query: 'Do statins reduce cardiovascular events?' })
    expect(first.abstained).toBe(false)
    const next = await asked(
      { query: 'What about livestock production?', session_id: first.session_id },
      first.token,
    )
    if (next.abstained) return expect(next.sources).toEqual([])
    expect(next.answer).toMatch(
      /^Nothing found on the earlier question's topic mentions “livestock( production)?”, so this answers it as a new question\./,
    )
    expectQuotesOnTopic(next, /livestock/i)
    for (const question of next.related_questions) expect(question).not.toMatch(/statin/i)
  })

  it('searches a follow-up that turns to another subject for that subject alone', async () => {
    const first = await asked({ query: 'Does vitamin D affect bone mineral density?' })
    expect(first.abstained).toBe(false)
    const next = await asked(
      {
        query: 'And what about metformin, does it cause lactic acidosis?',
        session_id: first.session_id,
      },
      first.token,
    )
    expect(next.abstained).toBe(false)
    expect(next.search_query ?? '').not.toMatch(/vitamin|bone/i)
    expect(next.answer).toMatch(
      /^Nothing found on the earlier question's topic mentions “(metformin|(lactic )?acidosis)”/,
    )
    expectQuotesOnTopic(next, /metformin|lactic acidosis/i)
    // A question of everyday words the library hardly uses is a new subject, not a follow-up.
    const kitchen = await asked(
      { query: 'How do I sharpen kitchen knives?', session_id: first.session_id },
      first.token,
    )
    expect(kitchen).toMatchObject({ abstained: true, sources: [] })
  })

  it('never carries the words of a turn that found nothing', async () => {
    const first = await asked({ query: 'Does vitamin D affect bone mineral density?' })
    const session = { session_id: first.session_id }
    const offTopic = await asked(
      { query: 'What is the offside rule in football?', ...session },
      first.token,
    )
    expect(offTopic.abstained).toBe(true)
    const next = await asked({ query: 'And in older women?', ...session }, first.token)
    expect(next.search_query).toMatch(/vitamin D/)
    expect(next.search_query).not.toMatch(/offside|football/)
  })

  it('abstains on a follow-up whose earlier turns all found nothing', async () => {
    const first = await asked({ query: 'What is the offside rule in football?' })
    expect(first.abstained).toBe(true)
    const next = await asked({ query: 'And in rugby?', session_id: first.session_id }, first.token)
    expect(next.abstained).toBe(true)
    expect(next.search_query).toBeUndefined()
  })

  it('abstains on a follow-up that names no subject after a turn that found nothing', async () => {
    const first = await asked({ query: 'What is the offside rule in football?' })
    expect(first.abstained).toBe(true)
    // Standing alone, its words are found together in the library.
    const alone = await asked({ query: 'What effects do treatments have on patients?' })
    expect(alone.abstained).toBe(false)
    const next = await asked(
      { query: 'What effects did they have on patients?', session_id: first.session_id },
      first.token,
    )
    expect(next).toMatchObject({ abstained: true, sources: [] })
    expect(next.answer).toMatch(/earlier question found nothing in the library, so I cannot tell/)
  })
})
