// Anonymous work never writes where other sessions read. An anonymous debate (online, so it
// fetches its `url` and each turn's arXiv and Crossref records) puts the page in its own
// session's namespace and the records in the scholarly cache; /api/ask, /v1 and MCP
// search_library from other sessions then never return or cite either, while a library page
// with a marker of its own is found by all three (so the checks can fail).
import { env } from 'cloudflare:test'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { makeDeps } from '../../workers/deps'
import { indexMany } from '../../workers/retrieval'
import type { ArxivPaper, CrossrefWork } from '../../workers/sources'
import { readSse, sessionDeps } from '../answer/route-helpers'
import { completionRequest } from '../answer/v1-helpers'
import { fakeLlmUrl } from '../fakes/fake-llm'
import { connect, type Structured } from '../mcp/helpers'

const tag = Math.random()
  .toString(36)
  .replace(/[^a-z]/g, '')
  .slice(0, 6)
const PAGE = `plantedpage${tag}`
const PAPER = `cachedpaper${tag}`
const LIBRARY = `shelvedbook${tag}`
const clientIp = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`

const paper: ArxivPaper = {
  id: `2401.${tag.length}0001`,
  versionedId: `2401.${tag.length}0001v1`,
  title: `The ${PAPER} effect on bone density in older adults`,
  authors: ['A. Author'],
  abstract: `We measured the ${PAPER} effect on bone mineral density in a cohort of older adults over two years.`,
  categories: ['q-bio.TO'],
  primaryCategory: 'q-bio.TO',
  published: '2024-01-02T00:00:00Z',
  updated: '2024-01-02T00:00:00Z',
  doi: null,
  journalRef: null,
  comment: null,
  pdfUrl: 'https://arxiv.org/pdf/2401.00001v1',
  absUrl: 'https://arxiv.org/abs/2401.00001v1',
}

const work: CrossrefWork = {
  doi: `10.5555/${PAPER}`,
  title: `A ${PAPER} cohort study of bone density`,
  year: 2023,
  venue: 'Journal of Bone Studies',
  authors: ['B. Author'],
  abstract: `The ${PAPER} cohort showed higher bone density after supplementation.`,
  type: 'journal-article',
  url: `https://doi.org/10.5555/${PAPER}`,
}

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(
    path,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': clientIp, ...headers },
      body: JSON.stringify(body),
    },
    env,
  )
}

async function chunkTexts(namespace: string): Promise<string> {
  const { results } = await env.DB.prepare('SELECT content FROM chunks WHERE namespace = ?')
    .bind(namespace)
    .all<{ content: string }>()
  return results.map((r) => r.content).join('\n')
}

/** What an /api/ask stream returned from its search: sources, answer text and citations. */
async function askEvidence(query: string): Promise<string> {
  const res = await post('/api/ask', { query }, { accept: 'text/event-stream' })
  expect(res.status).toBe(200)
  const returned = (await readSse(res)).flatMap((packet): unknown[] => {
    if (packet.type === 'sources' || packet.type === 'citation' || packet.type === 'token')
      return [packet]
    if (packet.type !== 'done') return []
    const result = packet.result as { answer?: unknown; sources?: unknown }
    return [{ answer: result.answer, sources: result.sources }]
  })
  return JSON.stringify(returned)
}

/** The /v1 answer's content, citations and search results (not the echoed question). */
async function v1Evidence(question: string): Promise<string> {
  const res = await app.request(
    '/v1/chat/completions',
    completionRequest({ model: 'quire-answer', messages: [{ role: 'user', content: question }] }),
    env,
  )
  expect(res.status).toBe(200)
  const body = (await res.json()) as Record<string, unknown>
  return JSON.stringify([body.choices, body.citations, body.search_results])
}

async function searchLibrary(query: string, namespace?: string): Promise<string> {
  const client = await connect()
  const result = await client.callTool({
    name: 'search_library',
    arguments: { query, ...(namespace ? { filters: { namespace } } : {}) },
  })
  await client.close()
  expect(result.isError).toBeFalsy()
  return JSON.stringify((result.structuredContent as Structured).passages)
}

let debateSession = ''

beforeAll(async () => {
  const deps = await sessionDeps()
  vi.spyOn(deps.scholarly.arxiv, 'search').mockResolvedValue([paper])
  vi.spyOn(deps.scholarly.crossref, 'search').mockResolvedValue([work])
  await indexMany(makeDeps(env), [
    {
      source: { kind: 'text', externalId: `library-${LIBRARY}`, title: `The ${LIBRARY} report` },
      documents: [
        {
          pages: [
            {
              page: null,
              text: `The ${LIBRARY} report found that ${LIBRARY} supplementation raised bone density in older adults.`,
            },
          ],
        },
      ],
      namespace: 'corpus',
    },
  ])
  const res = await post('/api/debate/ask', {
    question: `Does the ${PAGE} trial show that supplementation raises bone density?`,
    url: `${fakeLlmUrl()}/__fixtures/page?marker=${PAGE}`,
  })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { session_id: string; mode: string }
  expect(body.mode).not.toBe('offline')
  debateSession = body.session_id
}, 120_000)

afterAll(() => {
  vi.restoreAllMocks()
})

describe('an anonymous debate', () => {
  it("indexes its url page in the debate session's namespace and its records in the scholarly cache", async () => {
    expect(await chunkTexts(`debate:${debateSession}`)).toContain(PAGE)
    const cache = await chunkTexts('scholarly')
    expect(cache).toContain(`The ${PAPER} effect`)
    expect(cache).toContain(`A ${PAPER} cohort study`)
    const library = await chunkTexts('corpus')
    expect(library).toContain(LIBRARY)
    expect(library).not.toContain(PAGE)
    expect(library).not.toContain(PAPER)
  })

  it('reads back what it ingested: its page, the cache and the library', async () => {
    const deps = await sessionDeps()
    const namespaces = [`debate:${debateSession}`, 'scholarly', 'corpus']
    const result = await deps.retriever.retrieve(`${PAGE} bone density`, { namespaces })
    expect(result.chunks.some((c) => c.content.includes(PAGE))).toBe(true)
  })
})

describe('other sessions after the debate', () => {
  it('/api/ask never returns or cites the page or the cached records, and finds the library', async () => {
    const planted = await askEvidence(`What did the ${PAGE} trial find about bone density?`)
    expect(planted).not.toContain(PAGE)
    const cached = await askEvidence(`What is the ${PAPER} effect on bone density?`)
    expect(cached).not.toContain(PAPER)
    expect(await askEvidence(`What did the ${LIBRARY} report find about bone density?`)).toContain(
      `The ${LIBRARY} report`,
    )
  })

  it('/v1 never returns or cites them either', async () => {
    expect(await v1Evidence(`What did the ${PAGE} trial find about bone density?`)).not.toContain(
      PAGE,
    )
    expect(await v1Evidence(`What is the ${PAPER} effect on bone density?`)).not.toContain(PAPER)
    expect(await v1Evidence(`What did the ${LIBRARY} report find about bone density?`)).toContain(
      LIBRARY,
    )
  })

  it('MCP search_library finds the library page but not the planted one', async () => {
    expect(await searchLibrary(`${PAGE} trial bone density`)).not.toContain(PAGE)
    expect(await searchLibrary(`${PAPER} effect bone density`)).not.toContain(PAPER)
    expect(await searchLibrary(`${LIBRARY} report bone density`)).toContain(LIBRARY)
    // The cache is a shared namespace a key holder may name; the session's page is not.
    expect(await searchLibrary(`${PAPER} effect`, 'scholarly')).toContain(PAPER)
  })

  it('MCP search_library refuses to name a session namespace', async () => {
    const client = await connect()
    const result = await client.callTool({
      name: 'search_library',
      arguments: { query: PAGE, filters: { namespace: `debate:${debateSession}` } },
    })
    await client.close()
    expect(result.isError).toBe(true)
    expect(JSON.stringify(result.content)).not.toContain(`The ${PAGE} findings`)
  })
})
