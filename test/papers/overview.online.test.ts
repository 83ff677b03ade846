// A question that names no topic, with the scripted model: the model is given each loaded
// paper's opening pages with the overview instruction, and its page citations are checked
// against those pages like any answer.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionDeps } from '../answer/route-helpers'
import { scriptFake } from '../fakes/fake-llm'
import { scriptRetrieval } from '../fakes/script-retrieval'
import { createSession } from '../session/helpers'
import { askPapers, routeAnswersTo, uploadPaper, type ChatBody } from './chat-helpers'
import { papersEnv } from './helpers'

const CMB = 'Ultra light bosonic dark matter and CMB'
const PASA = 'PaSa: An LLM Agent for Comprehensive Academic Paper Search'

afterEach(() => vi.restoreAllMocks())

describe('a question naming no topic, with a model', () => {
  it(
    'gives the model the opening pages of every paper and checks its page citations',
    { timeout: 60_000 },
    async () => {
      const world = papersEnv()
      await scriptRetrieval((await sessionDeps()).models, {
        plan: { json: { task: 'summarization', variations: [] } },
      })
      const fake = await scriptFake([
        {
          reply:
            `The first paper asks whether ultra light bosonic dark matter can reproduce the CMB spectrum [${CMB}, Page 1]. ` +
            `The second introduces PaSa, a paper search agent built on large language models [PaSa, Page 1]. ` +
            `It also reports results on page nine [${CMB}, Page 9].`,
        },
      ])
      const session = await createSession()
      await uploadPaper(world, session, 'grobid', CMB)
      await uploadPaper(world, session, 'paperqa_pasa', PASA)
      await routeAnswersTo(world, session, fake.marker)
      const res = await askPapers(world, session, 'What are these papers about?')
      expect(res.status).toBe(200)
      const body = await res.json<ChatBody>()
      expect(body).toMatchObject({ abstained: false, mode: 'online', task: 'summarization' })
      expect(body.fallbacks).toEqual([])
      expect(body.sources.length).toBeGreaterThan(0)
      expect(body.sources.every((s) => s.page <= 2)).toBe(true)
      expect(new Set(body.sources.map((s) => s.title))).toEqual(new Set([CMB, PASA]))
      expect(body.citations).toContainEqual(expect.objectContaining({ title: CMB, page: 1 }))
      expect(body.citations).toContainEqual(expect.objectContaining({ title: PASA, page: 1 }))
      // Page 9 was never given: the citation is moved to a given page of that paper.
      expect(body.answer).not.toContain('Page 9')
      expect(body.citation_check?.corrected).toBe(1)
      const [request] = await fake.requests()
      const prompt = JSON.stringify(request?.messages ?? [])
      expect(prompt).toContain('names no particular topic')
      expect(prompt).toContain(`[${CMB}, Page 1]`)
      expect(prompt).toContain(`[${PASA}, Page 1]`)
      expect(prompt).not.toMatch(/Page [3-9]\]/)
    },
  )
})
