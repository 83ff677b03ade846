// The seed's flow against the scripted model server: write and research modes, highlights,
// sources moved out of the prose and grounded, new types created, pending → approve placed
// where the placement model says (or by the deterministic placer when its answer is invalid),
// revision of pending content, a replacement previewed before it happens, and a provider
// failure that falls back to the extractive draft, labelled degraded.
import { describe, expect, it } from 'vitest'
import type { FakeStep } from '../fakes/fake-llm'
import { CURRENT_MARK, HISTORY_MARK, parseBlocks } from '../../workers/writing'
import {
  call,
  createSession,
  PAPER,
  sectionOf,
  sendMessage,
  type PlacedAnswer,
  type WriteAnswer,
} from './helpers'
import { setUp, stage1 } from './model-helpers'

const idOf = (markdown: string, text: string) =>
  parseBlocks(markdown).find((b) => b.title === text || b.text.startsWith(text))?.id ?? 'missing'

const approve = (
  session: Awaited<ReturnType<typeof createSession>>,
  id: string | null,
  extra = {},
) =>
  call(session, `/api/content/${id}/approve`, { json: { session_id: session.sessionId, ...extra } })

describe('writing with a model', { timeout: 60_000 }, () => {
  it('grounds sources, cleans the prose, creates new types and places content where the model says', async () => {
    const { fake, session } = await setUp([
      stage1({
        message: 'Here are two sentences for Methods.',
        document_content:
          'Trials gave older adults daily vitamin D [1]. Details at https://example.org/vitd-bone today.\n\nDoses ranged widely (doi:10.1234/abc.5).',
        sources: [
          'Vitamin D supplementation and bone density',
          'https://unknown.example.com/paper',
        ],
        new_types: [
          { type_name: 'theorem', description: 'A theorem' },
          { type_name: 'Bad Name!' },
          { type_name: 'paragraph' },
        ],
      }),
      {
        json: {
          action: 'append_to_section',
          target: idOf(PAPER, 'Methods'),
          heading: '',
          replace: [],
          reason: 'asked',
        },
      },
    ])
    const res = await sendMessage(
      session,
      `${fake.marker} Add two sentences on vitamin D trials to the methods`,
      {
        attached_sections: [
          {
            type: 'highlight',
            text: 'daily vitamin D supplementation',
            note: 'key',
            source: 'Trial A',
          },
        ],
      },
    )
    expect(res.status).toBe(200)
    const answer = await res.json<WriteAnswer>()
    expect(answer).toMatchObject({
      mode: 'online',
      fallbacks: [],
      status: 'pending_approval',
      abstained: false,
      response: 'Here are two sentences for Methods.',
    })
    expect(answer.document_content).toBe(
      'Trials gave older adults daily vitamin D. Details at today.\n\nDoses ranged widely.',
    )
    expect(
      answer.sources.find((s) => s.title === 'Vitamin D supplementation and bone density'),
    ).toMatchObject({ verified: true })
    expect(answer.sources.find((s) => s.url === 'https://unknown.example.com/paper')).toMatchObject(
      { verified: false },
    )
    expect(answer.sources.some((s) => s.title.includes('10.1234/abc.5'))).toBe(true)
    expect(answer.new_types.created).toEqual(['theorem'])
    expect(answer.new_types.ignored.map((i) => i.reason).sort()).toEqual(['exists', 'invalid name'])
    const [request] = await fake.requests()
    const messages = request?.messages ?? []
    expect(messages[0]?.role).toBe('system')
    expect(String(messages[0]?.content)).toContain('Document outline')
    const last = String(messages.at(-1)?.content)
    expect(last).toContain(CURRENT_MARK)
    expect(last).toContain(
      '[ATTACHED_HIGHLIGHTS]\n- daily vitamin D supplementation (Note: key; Source: Trial A)',
    )
    const placed = await (await approve(session, answer.pending_content_id)).json<PlacedAnswer>()
    expect(placed.placement).toMatchObject({ action: 'append_to_section', decided_by: 'model' })
    expect(sectionOf(placed.document.markdown, 'Doses ranged widely.')).toBe('Methods')
  })

  it('falls back to the deterministic placer when the placement names no real block', async () => {
    const { fake, session } = await setUp([
      stage1({ document_content: 'The pooled effect was small but consistent.' }),
      { json: { action: 'insert_after', target: 'b99', heading: '', replace: [], reason: '' } },
    ])
    const answer = await (
      await sendMessage(
        session,
        `${fake.marker} Add the pooled effect of vitamin D on bone density to the findings`,
      )
    ).json<WriteAnswer>()
    expect(answer).toMatchObject({ mode: 'online', fallbacks: [], status: 'pending_approval' })
    const placed = await (await approve(session, answer.pending_content_id)).json<PlacedAnswer>()
    expect(placed.fallbacks).toContainEqual({ stage: 'placement', reason: 'model invalid' })
    expect(placed.placement.decided_by).toBe('deterministic')
    expect(sectionOf(placed.document.markdown, 'The pooled effect')).toBe('Results')
  })

  it('answers research mode in plain text with bold subheadings and one bullet per line', async () => {
    const { fake, session } = await setUp([
      stage1({
        message:
          '## Findings\n\n*Vitamin D* helps [a trial](https://x.org) a bit.\n\n- one\n- two `code`',
      }),
    ])
    const answer = await (
      await sendMessage(session, `${fake.marker} does vitamin D help?`, { mode: 'research' })
    ).json<WriteAnswer>()
    expect(answer.response).toBe(
      '**Findings**\n\nVitamin D helps a trial a bit.\n\n- one\n- two code',
    )
    expect(answer.status).toBeNull()
    expect(answer.pending_content_id).toBeNull()
    expect(answer).toMatchObject({ mode: 'online', fallbacks: [], abstained: false })
  })

  it('revises pending content: same id, next revision, history marked and alternating', async () => {
    const { fake, session } = await setUp([
      stage1({ document_content: 'First paragraph.\n\nSecond paragraph.' }),
      stage1({ document_content: 'First paragraph.\n\nSecond paragraph, now shorter.' }),
    ])
    const first = await (
      await sendMessage(
        session,
        `${fake.marker} write two paragraphs on vitamin D and bone density`,
      )
    ).json<WriteAnswer>()
    const second = await (
      await sendMessage(session, `${fake.marker} shorten the second one`)
    ).json<WriteAnswer>()
    expect(second.pending_content_id).toBe(first.pending_content_id)
    expect(second.revision).toBe(2)
    expect(second).toMatchObject({ mode: 'online', fallbacks: [] })
    expect(second.document_content).toContain('First paragraph.')
    const requests = await fake.requests()
    const messages = requests[1]?.messages ?? []
    expect(String(messages[0]?.content)).toContain(
      '<pending_content>\nFirst paragraph.\n\nSecond paragraph.\n</pending_content>',
    )
    const roles = messages.slice(1).map((m) => m.role)
    expect(roles).toEqual(['user', 'assistant', 'user'])
    expect(String(messages[1]?.content)).toContain(HISTORY_MARK)
  })

  it('previews a requested replacement with what it removes, then applies exactly that', async () => {
    const methods = idOf(PAPER, 'We reviewed')
    const placement = {
      action: 'insert_after',
      target: methods,
      heading: '',
      replace: [methods],
      reason: 'replace',
    }
    const { fake, session } = await setUp([
      stage1({ document_content: 'We pooled twelve trials.' }),
      { json: placement },
    ])
    const answer = await (
      await sendMessage(
        session,
        `${fake.marker} replace the methods paragraph with a pooled analysis of vitamin D trials`,
      )
    ).json<WriteAnswer>()
    expect(answer).toMatchObject({ mode: 'online', fallbacks: [], status: 'pending_approval' })
    const preview = await call(session, `/api/content/${answer.pending_content_id}/placement`, {
      json: { session_id: session.sessionId },
    })
    const shown = await preview.json<{ placement: PlacedAnswer['placement'] }>()
    expect(shown.placement.removed).toEqual(['We reviewed randomised trials in adults over sixty.'])
    const placed = await (
      await approve(session, answer.pending_content_id, { placement: shown.placement })
    ).json<PlacedAnswer>()
    expect(placed.document.markdown).not.toContain('We reviewed')
    expect(sectionOf(placed.document.markdown, 'We pooled twelve trials.')).toBe('Methods')
  })

  it('never removes blocks when the user did not ask for a replacement', async () => {
    const target = idOf(PAPER, 'Most trials')
    const { fake, session } = await setUp([
      stage1({ document_content: 'Effects were larger in deficient adults.' }),
      { json: { action: 'insert_after', target, heading: '', replace: [target], reason: '' } },
    ])
    const answer = await (
      await sendMessage(session, `${fake.marker} add a sentence on deficient adults to results`)
    ).json<WriteAnswer>()
    expect(answer).toMatchObject({ mode: 'online', fallbacks: [], status: 'pending_approval' })
    const placed = await (await approve(session, answer.pending_content_id)).json<PlacedAnswer>()
    expect(placed.placement.removed).toEqual([])
    expect(placed.document.markdown).toContain('Most trials report small effects.')
  })

  it('falls back to the extractive draft, labelled degraded, when the provider fails', async () => {
    const failure: FakeStep = { status: 500, error: { message: 'boom' } }
    const { fake, session } = await setUp([failure, failure, failure, failure])
    const res = await sendMessage(session, `${fake.marker} write about vitamin D and bone density`)
    expect(res.status).toBe(200)
    const answer = await res.json<WriteAnswer>()
    expect(answer.mode).toBe('degraded')
    expect(answer.response).toMatch(/^Degraded: the model could not write this \(model error\)/)
    expect(answer.fallbacks).toContainEqual({ stage: 'stage1', reason: 'model error' })
    // Grounded content still waits for approval; the document is untouched until then.
    expect(answer.status).toBe('pending_approval')
    expect(answer.sources.length).toBeGreaterThan(0)
    const doc = await (
      await call(session, `/api/documents/${session.sessionId}`)
    ).json<{ version: number }>()
    expect(doc.version).toBe(1)
    // The run lock is free: the session takes the next message.
    const next = await sendMessage(session, `${fake.marker} and on calcium`)
    expect(next.status).toBe(200)
  })
})
