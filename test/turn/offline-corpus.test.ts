// Offline mode end to end: a few documents indexed into the corpus, then a turn through the
// route with no model configured answers from them, cites them and says it is offline.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { makeDeps } from '../../workers/deps'
import { LIBRARY_NAMESPACE } from '../../workers/namespaces'
import { indexMany, type IndexRequest } from '../../workers/retrieval'
import { OFFLINE_NOTE } from '../../workers/turn'
import { call, newSession } from './http-helpers'

function aDocument(id: string, title: string, text: string): IndexRequest {
  return {
    source: { kind: 'text', externalId: id, title, url: `https://example.org/${id}` },
    documents: [{ title, pages: [{ page: null, text }] }],
    namespace: LIBRARY_NAMESPACE,
  }
}

const corpus = [
  aDocument(
    'vitd',
    'Vitamin D supplementation and bone density',
    'In a randomised trial of 400 older adults, daily vitamin D supplementation increased lumbar bone mineral density by 1.2% over two years. Participants with low baseline vitamin D levels benefited most.',
  ),
  aDocument(
    'sleep',
    'Sleep duration and memory consolidation',
    'Students who slept fewer than six hours recalled fewer word pairs the next day. Slow-wave sleep predicted memory consolidation better than total sleep time.',
  ),
  aDocument(
    'coral',
    'Coral bleaching after marine heatwaves',
    'Marine heatwaves in 2016 bleached a third of the reef. Recovery took longer where water quality was poor.',
  ),
]

interface Answer {
  mode: string
  message: {
    content: string
    data: { mode: string; citations: { number: number; title: string; url?: string }[] }
  }
}

describe('offline turn over the corpus', () => {
  it('answers with citations from the indexed documents and says it is offline', async () => {
    await indexMany(makeDeps(env), corpus)
    const session = await newSession()
    const res = await call(session, '/messages', {
      body: { message: 'Does vitamin D supplementation improve bone density?' },
    })
    expect(res.status).toBe(200)
    const body = await res.json<Answer>()
    expect(body.mode).toBe('offline')
    expect(body.message.data.mode).toBe('offline')
    expect(body.message.content.startsWith(OFFLINE_NOTE)).toBe(true)
    const cited = body.message.data.citations
    expect(cited.length).toBeGreaterThan(0)
    expect(cited[0]).toMatchObject({
      title: 'Vitamin D supplementation and bone density',
      url: 'https://example.org/vitd',
    })
    expect(body.message.content).toContain(`[${cited[0]?.number}]`)
    expect(body.message.content).toMatch(/bone mineral density/)
  })
})
