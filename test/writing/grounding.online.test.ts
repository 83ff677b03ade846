// Stage 1 with a model answers through the grounding core: the prompt carries the judged
// evidence (and no invitation to cite from memory), the model declines through the sentinel
// and nothing is then pending, a request whose words find nothing is declined before any
// model call, and a source the model names from memory is marked unverified in the document's
// references and its exports.
import { describe, expect, it } from 'vitest'
import { call, sendMessage, type WriteAnswer } from './helpers'
import { setUp, stage1 } from './model-helpers'

const TOPIC = 'Add a paragraph on vitamin D supplementation and bone density'

describe('writing through the grounding core, with a model', { timeout: 60_000 }, () => {
  it('gives the model the judged evidence and asks it to prefer it, not its memory', async () => {
    const { fake, session } = await setUp([
      stage1({ document_content: 'Vitamin D raised bone density.', sources: ['[1]'] }),
    ])
    const answer = await (await sendMessage(session, `${fake.marker} ${TOPIC}`)).json<WriteAnswer>()
    expect(answer).toMatchObject({ mode: 'online', fallbacks: [], status: 'pending_approval' })
    expect(answer.sources).toEqual([
      expect.objectContaining({
        title: 'Vitamin D supplementation and bone density',
        verified: true,
      }),
    ])
    expect(answer.attributions).toEqual([{ text: 'Vitamin D raised bone density.', sources: [1] }])
    const [request] = await fake.requests()
    const system = String(request?.messages[0]?.content)
    expect(system).toContain('Knowledge-base passages judged relevant to this request')
    expect(system).toContain('[1] Vitamin D supplementation and bone density')
    expect(system).toContain('increased lumbar bone mineral density by 1.2%')
    expect(system).not.toContain('Coral bleaching')
    expect(system).toContain('NO_RELEVANT_SOURCES')
    expect(system).not.toMatch(/every paper, article or page/i)
  })

  it('declines through the sentinel: a chat reply and no pending content', async () => {
    const { fake, session } = await setUp([{ raw: 'NO_RELEVANT_SOURCES' }])
    const answer = await (await sendMessage(session, `${fake.marker} ${TOPIC}`)).json<WriteAnswer>()
    expect(answer).toMatchObject({
      mode: 'online',
      fallbacks: [],
      status: null,
      pending_content_id: null,
      document_content: '',
      sources: [],
      abstained: true,
    })
    expect(answer.response).toMatch(/^The knowledge base has no sources that support this request/)
    expect(await fake.requests()).toHaveLength(1)
  })

  it('declines through the sentinel inside the JSON reply too', async () => {
    const { fake, session } = await setUp([
      stage1({ message: 'NO_RELEVANT_SOURCES', document_content: 'Invented text.' }),
    ])
    const answer = await (await sendMessage(session, `${fake.marker} ${TOPIC}`)).json<WriteAnswer>()
    expect(answer).toMatchObject({ mode: 'online', fallbacks: [], status: null, abstained: true })
  })

  it('declines a request whose words match nothing without asking the model', async () => {
    const { fake, session } = await setUp([stage1({ document_content: 'Caesar crossed it.' })])
    const answer = await (
      await sendMessage(
        session,
        `${fake.marker} Write a paragraph about the history of the Roman Empire`,
      )
    ).json<WriteAnswer>()
    expect(answer).toMatchObject({ mode: 'online', fallbacks: [], status: null, abstained: true })
    expect(await fake.requests()).toHaveLength(0)
  })

  it('marks a source the model names from memory as unverified in references and exports', async () => {
    const { fake, session } = await setUp([
      stage1({
        document_content: 'Vitamin D raised bone density in older adults.',
        sources: ['[1]', 'Smith J. Bones and sunlight. https://unknown.example.com/paper'],
      }),
    ])
    const answer = await (await sendMessage(session, `${fake.marker} ${TOPIC}`)).json<WriteAnswer>()
    expect(answer).toMatchObject({ mode: 'online', fallbacks: [] })
    expect(answer.sources.map((s) => s.verified)).toEqual([true, false])
    await call(session, `/api/content/${answer.pending_content_id}/approve`, {
      json: { session_id: session.sessionId },
    })
    const cited = await (
      await call(session, `/api/documents/${session.sessionId}/cited`)
    ).json<{ markdown: string; references: { verified: boolean }[] }>()
    expect(cited.markdown).toContain('Vitamin D raised bone density in older adults [1][2].')
    expect(cited.references.map((r) => r.verified)).toEqual([true, false])
    const md = await (
      await call(session, `/api/documents/${session.sessionId}/export?format=md`)
    ).text()
    expect(md).toMatch(/^2\. .*unknown\.example\.com.*\*\(unverified: not retrieved by Quire\)\*/m)
    const bib = await (
      await call(session, `/api/documents/${session.sessionId}/export?format=bib`)
    ).text()
    expect(bib).toContain('unverified: not retrieved by Quire')
  })
})
