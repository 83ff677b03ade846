// What a share link's page shows and how its links are managed: stored answers and debates
// rendered from their Markdown (citations linked, nothing raw), a meaningful title, one page for
// every unavailable link, and live links listed with their URL so the owner reuses them.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { callOperation } from '../../workers/http'
import { registerRunner, type RunContext } from '../../workers/session'
import { shareOperations, signShareToken } from '../../workers/share'
import { request } from './helpers'
import { createSession, readPackets, type CreatedSession } from '../session/helpers'

const SECRET = 'test-share-secret-0123456789abcdef'

interface StoredInput {
  messages: { role: 'user' | 'assistant'; content: string; data?: Record<string, unknown> }[]
}

// Writes the given messages into the session, as a capability's run would.
registerRunner(
  'share-fixture',
  async ({ input, store }: RunContext<StoredInput>) => {
    for (const message of input.messages) store.appendMessage({ data: {}, ...message })
    return { saved: input.messages.length }
  },
  z.object({
    messages: z.array(
      z.object({
        role: z.enum(['user', 'assistant']),
        content: z.string(),
        data: z.record(z.string(), z.unknown()).optional(),
      }),
    ),
  }),
)

async function sessionWith(messages: StoredInput['messages']): Promise<CreatedSession> {
  const session = await createSession()
  const started = await session.stub.startRun('share-fixture', { messages })
  if (!started.ok) throw new Error(started.message)
  await readPackets(started.stream)
  return session
}

async function shareOf(session: CreatedSession) {
  const res = await request(`/api/sessions/${session.sessionId}/share`, {
    method: 'POST',
    token: session.token,
  })
  return res.json<{ share_id: string; url: string; token: string }>()
}

const SOURCE = {
  number: 1,
  title: 'Calcium trial',
  url: 'https://example.org/trial',
  domain: 'example.org',
}

const DEBATE_TURN = {
  scientist: 1,
  speaker: 'optimist',
  round: 1,
  text: '_Offline: quoting passages._\n\n- Calcium helps bones [2].\n\nViability: VIABLE\nValidation: N/A',
  references: [
    {
      number: 2,
      numbers: [2, 4],
      source_id: 's2',
      url: '/api/sources/s2',
      apa: '*Calcium trial*. (n.d.).',
    },
  ],
  verdict: {
    speaker: 'optimist',
    round: 1,
    agreement: null,
    viability: null,
    validation: 'N/A',
    answer: null,
    conclusion: 'Offline.',
    verification_reason: null,
    override: null,
  },
  interrupted: false,
  stage: 'done',
}

describe('share pages', () => {
  it('render an answer’s Markdown with its citations linked, and no raw markup', async () => {
    const session = await sessionWith([
      { role: 'user', content: 'Does calcium help?', data: { kind: 'ask' } },
      {
        role: 'assistant',
        content: '**Calcium** helps [1].\n\n<script>alert(1)</script>',
        data: { kind: 'ask', sources: [SOURCE], mode: 'online' },
      },
    ])
    const html = await (await request(`/s/${(await shareOf(session)).token}`)).text()
    expect(html).toContain('<strong>Calcium</strong> helps <a href="#m1-s1" class="cite">[1]</a>.')
    expect(html).toContain('<li id="m1-s1" value="1"><a href="https://example.org/trial"')
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).not.toContain('**')
    expect(html).toContain('<title>Does calcium help? · Quire</title>')
  })

  it('render a debate turn by turn, with its references and how it ended, never raw markers', async () => {
    const session = await sessionWith([
      { role: 'user', content: 'Does calcium help bones?', data: { kind: 'turn_user' } },
      {
        role: 'assistant',
        content:
          'Research Scientist 1 (round 1):\n_Offline: quoting passages._\n\n=== Max Turns Reached ===\nNo consensus.',
        data: {
          kind: 'debate',
          mode: 'offline',
          terminal_marker: '=== Max Turns Reached ===',
          conclusion: 'No consensus after 1 round.',
          turns: [DEBATE_TURN],
          verdicts: [DEBATE_TURN.verdict],
        },
      },
    ])
    const html = await (await request(`/s/${(await shareOf(session)).token}`)).text()
    expect(html).toContain('<em>Offline: quoting passages.</em>')
    expect(html).not.toMatch(/_Offline|===/)
    expect(html).toContain('<strong>Max Turns Reached.</strong> No consensus after 1 round.')
    expect(html).toContain('<a href="#m1-t0-r2" class="cite">[2]</a>')
    expect(html).toMatch(
      /<li id="m1-t0-r2"><span id="m1-t0-r4"><\/span><span class="ref-num">\[2, 4\]<\/span> <a href="http:\/\/localhost\/api\/sources\/s2"/,
    )
    // The entry's italic title is italic, never asterisks (issue 47).
    expect(html).toContain('rel="noopener noreferrer nofollow"><i>Calcium trial</i>. (n.d.).</a>')
    expect(html).not.toContain('*Calcium')
    expect(html).toContain('<p>Viability: VIABLE<br>Validation: N/A</p>')
    expect(html).toContain('<title>Debate: Does calcium help bones? · Quire</title>')
    // The question heads the page (h1), so its turns are h2 and their references h3: no
    // heading skips a level.
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]))
    expect(levels.slice(0, 3)).toEqual([1, 2, 3])
    for (let i = 1; i < levels.length; i++)
      expect(levels[i] ?? 0).toBeLessThanOrEqual((levels[i - 1] ?? 0) + 1)
  })

  it('title a Write session by its document’s own title, never by a section heading', async () => {
    const session = await sessionWith([
      {
        role: 'user',
        content: 'Add a paragraph on falls to the Methods',
        data: { kind: 'turn_user' },
      },
    ])
    await request(`/api/documents/${session.sessionId}`, {
      method: 'PUT',
      token: session.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ markdown: '## Methods\n\nWe reviewed trials.\n' }),
    })
    const html = await (await request(`/s/${(await shareOf(session)).token}`)).text()
    expect(html).toContain(
      '<title>Document: Add a paragraph on falls to the Methods · Quire</title>',
    )
    expect(html).not.toContain('<title>Methods')
  })

  it('show one and the same page for a revoked, expired, unknown, forged or malformed link', async () => {
    const session = await sessionWith([{ role: 'user', content: 'Hello', data: { kind: 'ask' } }])
    const revoked = await shareOf(session)
    await request(`/api/sessions/${session.sessionId}/shares/${revoked.share_id}`, {
      method: 'DELETE',
      token: session.token,
    })
    const expired = await callOperation(session.stub, shareOperations.create, {
      share_id: 'expired-share-02',
      expires_at: Date.now() - 1_000,
    })
    const tokens = [
      revoked.token,
      await signShareToken(SECRET, { s: session.sessionId, i: expired.share_id, e: null }),
      await signShareToken(SECRET, { s: session.sessionId, i: 'never-made-0001', e: null }),
      await signShareToken('a-guessed-secret', {
        s: session.sessionId,
        i: revoked.share_id,
        e: null,
      }),
      'x'.repeat(1500),
    ]
    const pages = await Promise.all(tokens.map((token) => request(`/s/${token}`)))
    expect(pages.map((p) => p.status)).toEqual([404, 404, 404, 404, 404])
    const bodies = await Promise.all(pages.map((p) => p.text()))
    expect(pages.every((p) => p.headers.get('content-type')?.startsWith('text/html'))).toBe(true)
    expect(new Set(bodies).size).toBe(1)
    expect(bodies[0]).toContain('This link is not available')
  })

  it('list live links with their URL, so the owner copies one instead of minting another', async () => {
    const session = await sessionWith([{ role: 'user', content: 'Hello', data: { kind: 'ask' } }])
    const live = await shareOf(session)
    const revoked = await shareOf(session)
    await request(`/api/sessions/${session.sessionId}/shares/${revoked.share_id}`, {
      method: 'DELETE',
      token: session.token,
    })
    const { shares } = await (
      await request(`/api/sessions/${session.sessionId}/shares`, { token: session.token })
    ).json<{ shares: { share_id: string; active: boolean; url: string | null }[] }>()
    expect(shares.map((s) => [s.share_id, s.active, s.url])).toEqual([
      [live.share_id, true, live.url],
      [revoked.share_id, false, null],
    ])
  })
})
