// A share page renders a claim's evidence map: a check through POST /api/claims/check shows
// its verdict, stance groups and verbatim rationale; stored maps show supports and contradicts
// apart, the offline note, the empty-map note, and never raw markup from stored text.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { app } from '../../workers/app'
import type { ClaimCheckPayload } from '../../workers/answer'
import { registerRunner, type RunContext } from '../../workers/session'
import { aResult } from '../answer/builders'
import { scriptSearch } from '../answer/route-helpers'
import { createSession, readPackets } from '../session/helpers'
import { request } from './helpers'

type Message = { role: 'user' | 'assistant'; content: string; data?: Record<string, unknown> }

registerRunner(
  'share-claim-fixture',
  async ({ input, store }: RunContext<{ messages: Message[] }>) => {
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

async function sharedPage(sessionId: string, token: string): Promise<string> {
  const res = await request(`/api/sessions/${sessionId}/share`, { method: 'POST', token })
  const link = await res.json<{ token: string }>()
  return (await request(`/s/${link.token}`)).text()
}

async function pageOf(messages: Message[]): Promise<string> {
  const session = await createSession()
  const started = await session.stub.startRun('share-claim-fixture', { messages })
  if (!started.ok) throw new Error(started.message)
  await readPackets(started.stream)
  return sharedPage(session.sessionId, session.token)
}

const source = (number: number, title: string) => ({
  number,
  title,
  url: `https://example.org/${number}`,
  domain: 'example.org',
})

function claimMessages(claimCheck: Record<string, unknown>): Message[] {
  return [
    { role: 'user', content: 'Does calcium prevent fractures?', data: { kind: 'ask' } },
    {
      role: 'assistant',
      content: 'Calcium helps [1], though one trial disagrees [2].',
      data: {
        kind: 'ask',
        mode: 'offline',
        sources: [source(1, 'Calcium trial'), source(2, 'Null trial')],
        claim_check: claimCheck,
      },
    },
  ]
}

afterEach(() => vi.restoreAllMocks())

describe('share pages with a claim', () => {
  it('render a checked claim with its verdict and the verbatim rationale of its sources', async () => {
    await scriptSearch([
      aResult(1, {
        title: 'Vitamin D supplementation and fractures in older adults',
        url: 'https://www.nih.gov/vitamin-d-trial',
        domain: 'nih.gov',
        snippet:
          'We randomised 2,000 adults to vitamin D or placebo. Vitamin D supplementation ' +
          'reduced hip fractures in older adults by a fifth. Falls were recorded monthly.',
      }),
    ])
    const res = await app.request(
      '/api/claims/check',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': '10.53.3.1' },
        body: JSON.stringify({ claim: 'Vitamin D supplementation reduces hip fractures' }),
      },
      env,
    )
    const body = (await res.json()) as ClaimCheckPayload
    expect(body.evidence.length).toBeGreaterThan(0)
    const html = await sharedPage(body.session_id, body.token as string)
    expect(html).toContain('<h2>Evidence map</h2>')
    expect(html).toContain('<q>Vitamin D supplementation reduces hip fractures</q>')
    for (const item of body.evidence) {
      for (const quote of item.rationale) expect(html).toContain(`<q>${quote.text}</q>`)
    }
    // The check's sources are listed and the map's [n] lands on them.
    const n = body.evidence[0]?.source.number
    expect(html).toContain(`<a href="#m1-s${n}">[${n}]</a>`)
    expect(html).toContain(`id="m1-s${n}"`)
    expect(html).toContain('Stances estimated offline from wording')
  })

  it('list supporting and contradicting sources apart, each with its quotes', async () => {
    const html = await pageOf(
      claimMessages({
        claim: 'calcium prevents fractures',
        verdict: 'mixed',
        stance_estimated: false,
        stance_judge: 'model',
        evidence: [
          {
            source: source(1, 'Calcium trial'),
            stance: 'supports',
            confidence: 0.9,
            rationale: [{ text: 'Fractures fell by a third.', sentence_index: 2 }],
          },
          {
            source: source(2, 'Null trial'),
            stance: 'contradicts',
            confidence: 0.8,
            rationale: [{ text: 'Fractures did not fall.', sentence_index: 0 }],
          },
        ],
      }),
    )
    expect(html).toContain('Mixed: some sources support the claim and some contradict it.')
    const supports = /<section class="claim-supports">(.*?)<\/section>/s.exec(html)?.[1] ?? ''
    const contradicts = /<section class="claim-contradicts">(.*?)<\/section>/s.exec(html)?.[1]
    expect(supports).toContain('Supports (1)')
    expect(supports).toContain('Calcium trial')
    expect(supports).toContain('<q>Fractures fell by a third.</q>')
    expect(supports).not.toContain('Null trial')
    expect(contradicts).toContain('Contradicts (1)')
    expect(contradicts).toContain('<q>Fractures did not fall.</q>')
    expect(html).not.toContain('claim-unlabelled')
    expect(html).not.toContain('Stances estimated offline')
    // The question heads the page, so the map is an h2 and its groups h3: no level skipped.
    expect(html).toContain('<h3>Supports (1)</h3>')
  })

  it('escape every stored text of the map', async () => {
    const html = await pageOf(
      claimMessages({
        claim: '<img src=x onerror=alert(1)>',
        verdict: 'insufficient',
        stance_estimated: true,
        stance_judge: 'rules',
        evidence: [
          {
            source: { ...source(1, '<b>Bold</b> title'), url: 'javascript:alert(1)' },
            stance: 'unlabelled',
            confidence: 0,
            rationale: [{ text: '<script>alert(2)</script>', sentence_index: 0 }],
          },
        ],
      }),
    )
    expect(html).not.toContain('<img src=x')
    expect(html).not.toContain('<script>alert(2)')
    expect(html).not.toContain('<b>Bold</b>')
    expect(html).not.toContain('href="javascript:')
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;')
    expect(html).toContain('Speaks to the claim without settling it (1)')
    expect(html).toContain('Stances estimated offline from wording')
  })

  it('say so when the sources do not speak to the claim', async () => {
    const html = await pageOf(
      claimMessages({
        claim: 'calcium prevents fractures',
        verdict: 'insufficient',
        stance_estimated: true,
        stance_judge: 'rules',
        evidence: [],
      }),
    )
    expect(html).toContain('The sources found do not speak to this claim.')
    expect(html).not.toContain('Supports (')
  })
})
