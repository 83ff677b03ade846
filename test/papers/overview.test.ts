// Questions that name no topic ("What is this paper about?") are answered offline from the
// loaded papers' opening pages, routed as summarization, with page citations whose pages hold
// the quoted sentences; with no paper loaded they abstain, and a topic the papers do not cover
// still abstains.
import { beforeAll, describe, expect, it } from 'vitest'
import { namesNoTopic } from '../../workers/papers/overview'
import { extractPdfPages, type PdfPage } from '../../workers/sources'
import { createSession } from '../session/helpers'
import { askPapers, uploadPaper, type ChatBody } from './chat-helpers'
import { papersEnv, pdfFixture, type PapersEnv } from './helpers'

const CMB = 'Ultra light bosonic dark matter and CMB'
const PASA = 'PaSa: An LLM Agent for Comprehensive Academic Paper Search'
const squash = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase()

let world: PapersEnv
const pdfPages = new Map<string, PdfPage[]>()

beforeAll(async () => {
  world = papersEnv()
  pdfPages.set(CMB, await extractPdfPages(await pdfFixture('grobid')))
  pdfPages.set(PASA, await extractPdfPages(await pdfFixture('paperqa_pasa')))
}, 60_000)

/** Every "sentence [Title, Page N]" of the answer: the sentence is on that page of that PDF. */
function expectQuotedFromCitedPages(body: ChatBody): void {
  const cited = [...body.answer.matchAll(/([^.\]:]+\.)\s\[([^\]]+), Page (\d+)\]/g)]
  expect(cited.length).toBeGreaterThan(0)
  for (const [, sentence = '', title = '', page] of cited) {
    const text = pdfPages.get(title)?.find((p) => p.page === Number(page))?.text ?? ''
    expect(squash(text)).toContain(squash(sentence).slice(-60))
  }
}

describe('questions that name no topic', () => {
  it('recognises questions about the papers as a whole, not ones naming a subject or small talk', () => {
    for (const q of [
      'What is this paper about?',
      'Summarize the loaded papers',
      'What are the main findings?',
      'Give me an overview of these studies.',
    ]) {
      expect(namesNoTopic(q), q).toBe(true)
    }
    for (const q of [
      'What are the main findings about dark matter?',
      'How is the CMB spectrum affected by axions?',
      'Which sourdough starter hydration gives the most open crumb?',
      "what's up",
      'who are you?',
    ]) {
      expect(namesNoTopic(q), q).toBe(false)
    }
  })

  it('answers "What is this paper about?" offline from the opening pages, cited by page', async () => {
    const session = await createSession()
    await uploadPaper(world, session, 'grobid', CMB)
    const res = await askPapers(world, session, 'What is this paper about?')
    expect(res.status).toBe(200)
    const body = await res.json<ChatBody>()
    expect(body).toMatchObject({ abstained: false, mode: 'offline', task: 'summarization' })
    expect(body.answer).toMatch(/^Offline answer/)
    expect(body.citations.length).toBeGreaterThan(0)
    const firstPage = Math.min(...(pdfPages.get(CMB) ?? []).map((p) => p.page))
    for (const c of body.citations) {
      expect(c.title).toBe(CMB)
      expect(c.page).toBeLessThanOrEqual(firstPage + 1)
    }
    for (const s of body.sources) expect(s.page).toBeLessThanOrEqual(firstPage + 1)
    expectQuotedFromCitedPages(body)
  })

  it('summarizes every loaded paper, each from its own opening pages', async () => {
    const session = await createSession()
    await uploadPaper(world, session, 'grobid', CMB)
    await uploadPaper(world, session, 'paperqa_pasa', PASA)
    const res = await askPapers(world, session, 'Summarize the loaded papers')
    const body = await res.json<ChatBody>()
    expect(body).toMatchObject({ abstained: false, mode: 'offline', task: 'summarization' })
    expect(new Set(body.citations.map((c) => c.title))).toEqual(new Set([CMB, PASA]))
    expect(new Set(body.sources.map((s) => s.title))).toEqual(new Set([CMB, PASA]))
    expectQuotedFromCitedPages(body)
    const findings = await askPapers(world, session, 'What are the main findings?')
    const found = await findings.json<ChatBody>()
    expect(found.abstained).toBe(false)
    expect(found.citations.length).toBeGreaterThan(0)
    expectQuotedFromCitedPages(found)
  })

  it('abstains, citing nothing, when no paper is loaded', async () => {
    const session = await createSession()
    const res = await askPapers(world, session, 'What is this paper about?')
    const body = await res.json<ChatBody>()
    expect(body).toMatchObject({ abstained: true, citations: [], sources: [] })
    expect(body.answer).toMatch(/no paper is loaded/)
  })

  it('still abstains on a topic the loaded papers do not cover', async () => {
    const session = await createSession()
    await uploadPaper(world, session, 'grobid', CMB)
    const res = await askPapers(
      world,
      session,
      'Which sourdough starter hydration gives the most open crumb in rye bread?',
    )
    const body = await res.json<ChatBody>()
    expect(body).toMatchObject({ abstained: true, citations: [], sources: [] })
  })
})
