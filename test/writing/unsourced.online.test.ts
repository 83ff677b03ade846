// A model's reply tied to no source is placed only under a visible warning: `unsourced` is a
// typed field of the pending_content packet, the route's answer, the pending read, the preview
// and the placement. A sourced reply is not flagged. With a model, a request to rewrite a
// highlight is the model's to do: it is asked, not declined for the instruction's words.
import { describe, expect, it } from 'vitest'
import { call, sendMessage, type WriteAnswer } from './helpers'
import { setUp, stage1 } from './model-helpers'

const UNRELATED = 'Roman legions marched along paved roads for centuries.'

describe('unsourced writing', { timeout: 60_000 }, () => {
  it('flags content the model wrote from no source, through to its placement', async () => {
    const { fake, session } = await setUp([stage1({ document_content: UNRELATED })])
    const res = await sendMessage(
      session,
      `${fake.marker} Add a paragraph on vitamin D supplementation and bone density`,
    )
    const answer = await res.json<WriteAnswer & { unsourced: boolean }>()
    expect(answer).toMatchObject({ status: 'pending_approval', sources: [], unsourced: true })
    const read = await call(session, `/api/documents/${session.sessionId}/pending`)
    expect(await read.json()).toMatchObject({ pending: { unsourced: true } })
    const placed = await call(session, `/api/content/${answer.pending_content_id}/approve`, {
      json: { session_id: session.sessionId },
    })
    expect(await placed.json()).toMatchObject({ status: 'placed', unsourced: true })
  })

  it('streams the flag in the pending_content packet', async () => {
    const { fake, session } = await setUp([stage1({ document_content: UNRELATED })])
    const res = await call(session, '/api/chat/message', {
      json: {
        session_id: session.sessionId,
        message: `${fake.marker} Add a paragraph on vitamin D`,
      },
      accept: 'text/event-stream',
    })
    const packets = (await res.text())
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map(
        (line) => JSON.parse(line.slice(5)) as { type: string; content?: { unsourced: boolean } },
      )
    const pending = packets.find((p) => p.type === 'pending_content')
    expect(pending?.content?.unsourced).toBe(true)
  })

  it('does not flag content written from the knowledge base', async () => {
    const { fake, session } = await setUp([
      stage1({
        document_content:
          'In a randomised trial of 400 older adults, daily vitamin D supplementation increased lumbar bone mineral density by 1.2% over two years.',
        sources: ['Vitamin D supplementation and bone density'],
      }),
    ])
    const res = await sendMessage(
      session,
      `${fake.marker} Add a paragraph on vitamin D supplementation and bone density`,
    )
    const answer = await res.json<WriteAnswer & { unsourced: boolean }>()
    expect(answer.sources.length).toBeGreaterThan(0)
    expect(answer.unsourced).toBe(false)
  })

  it('asks the model to rewrite a highlight, looking up only the highlight’s words', async () => {
    const { fake, session } = await setUp([
      stage1({ document_content: 'Trials show small effects.' }),
    ])
    const res = await sendMessage(
      session,
      `${fake.marker} Rewrite the highlighted sentence to be more concise`,
      {
        attached_sections: [
          {
            type: 'highlight',
            text: 'Most vitamin D trials report small effects on bone density.',
          },
        ],
      },
    )
    const answer = await res.json<WriteAnswer>()
    expect(answer.status).toBe('pending_approval')
    const prompt = String((await fake.requests())[0]?.messages[0]?.content)
    expect(prompt).toContain('Vitamin D supplementation and bone density')
  })
})
