// /mcp through the SDK's client: the tool list, each tool's structured result with sources,
// clear errors for bad arguments and unknown ids, and API-key refusal.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import { getIngestJob } from '../../workers/db'
import { makeDeps } from '../../workers/deps'
import { indexDocuments } from '../../workers/retrieval'
import { createScholarlyClients } from '../../workers/sources'
import { captureQueue } from '../ingest/helpers'
import { freshNamespace, paper } from '../retrieval/helpers'
import { arxivFixture, scriptedFetch, testConfig, textResponse } from '../sources/helpers'
import { connect, textOf, type Structured } from './helpers'

afterEach(() => {
  vi.restoreAllMocks()
})

async function seedPaper(namespace: string) {
  const deps = makeDeps(env)
  const request = paper(
    `mcp-${namespace}`,
    'Tidal locking of exoplanets',
    'Tidal locking makes one hemisphere of a close-in exoplanet face its star permanently.',
    { namespace },
  )
  await indexDocuments({ db: env.DB, embedder: deps.embedder, vectors: deps.vectors }, request)
}

describe('/mcp tools', () => {
  it('lists the eight tools, each with an input schema', async () => {
    const client = await connect()
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'ask',
        'check_claim',
        'deep_research',
        'find_papers',
        'get_source',
        'ingest',
        'load_papers',
        'search_library',
      ].sort(),
    )
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object')
    await client.close()
  })

  it('search_library returns passages with their sources, and get_source reads one', async () => {
    const namespace = freshNamespace('mcp')
    await seedPaper(namespace)
    const client = await connect()
    const result = await client.callTool({
      name: 'search_library',
      arguments: { query: 'tidal locking exoplanet hemisphere', k: 3, filters: { namespace } },
    })
    expect(result.isError).toBeFalsy()
    const found = result.structuredContent as Structured & {
      passages: { source_id: string; text: string }[]
      sources: { id: string; title: string; resource: string }[]
    }
    expect(found.passages[0]?.text).toContain('Tidal locking')
    expect(found.sources[0]).toMatchObject({ title: 'Tidal locking of exoplanets' })
    expect(textOf(result)).toContain('Tidal locking of exoplanets')
    const id = found.sources[0]?.id ?? ''
    const source = await client.callTool({ name: 'get_source', arguments: { id } })
    expect(source.isError).toBeFalsy()
    const view = source.structuredContent as { source: { id: string }; sources: unknown[] }
    expect(view.source.id).toBe(id)
    expect(view.sources).toHaveLength(1)
    expect(textOf(source)).toContain('# Tidal locking of exoplanets')
    const resource = await client.readResource({ uri: found.sources[0]?.resource ?? '' })
    const [markdown, json] = resource.contents as { mimeType: string; text: string }[]
    expect(markdown).toMatchObject({ mimeType: 'text/markdown' })
    expect(markdown?.text).toContain('Tidal locking makes one hemisphere')
    expect(JSON.parse(json?.text ?? '{}')).toMatchObject({ id })
    await client.close()
  })

  it('get_source of an unknown id is an error result carrying the not_found code', async () => {
    const client = await connect()
    const result = await client.callTool({ name: 'get_source', arguments: { id: 'no-such' } })
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toMatchObject({
      error: { code: 'not_found', message: 'No such source' },
    })
    await client.close()
  })

  it('find_papers searches arXiv through the scholarly client (recorded feed)', async () => {
    const scripted = scriptedFetch(
      textResponse(arxivFixture('q_testing_s0_m10_'), 'application/atom+xml; charset=utf-8'),
    )
    const fixtureClients = createScholarlyClients(testConfig(), { fetchImpl: scripted.fetchImpl })
    vi.spyOn(makeDeps(env).scholarly.arxiv, 'search').mockImplementation((q, o, s) =>
      fixtureClients.arxiv.search(q, o, s),
    )
    const client = await connect()
    const result = await client.callTool({
      name: 'find_papers',
      arguments: { query: 'testing', max_results: 10 },
    })
    expect(result.isError).toBeFalsy()
    const found = result.structuredContent as {
      papers: { id: string; url: string }[]
      sources: unknown[]
    }
    expect(found.papers).toHaveLength(10)
    expect(found.sources).toEqual(found.papers)
    expect(found.papers[0]?.url).toMatch(/^https?:\/\/arxiv\.org\/abs\//)
    expect(new URL(scripted.calls[0]?.url ?? '').searchParams.get('search_query')).toBe(
      'all:testing',
    )
    await client.close()
  })

  it('load_papers queues an arxiv_ids ingest job and returns its id', async () => {
    const sent = captureQueue()
    const client = await connect()
    const result = await client.callTool({
      name: 'load_papers',
      arguments: { ids: ['1706.03762', '1810.04805'] },
    })
    expect(result.isError).toBeFalsy()
    const { job_ids } = result.structuredContent as { job_ids: string[] }
    expect(job_ids).toHaveLength(1)
    const row = await getIngestJob(env.DB, job_ids[0] ?? '')
    expect(row).toMatchObject({ kind: 'arxiv_ids', status: 'queued' })
    expect(sent).toEqual([{ jobId: job_ids[0], type: 'arxiv_ids' }])
    expect(textOf(result)).toContain(job_ids[0])
    await client.close()
  })

  it('ingest takes the same jobs as POST /api/ingest', async () => {
    const sent = captureQueue()
    const client = await connect()
    const result = await client.callTool({
      name: 'ingest',
      arguments: {
        sources: [
          { type: 'text', title: 'A note', text: 'Some text to index.' },
          { type: 'url', url: 'https://example.org/page' },
        ],
      },
    })
    expect(result.isError).toBeFalsy()
    const { jobs } = result.structuredContent as { jobs: { job_id: string; status: string }[] }
    expect(jobs.map((job) => job.status)).toEqual(['queued', 'queued'])
    expect(sent.map((message) => message.type)).toEqual(['text', 'url'])
    await client.close()
  })

  it('a bad argument gets an error naming the argument and the problem', async () => {
    const client = await connect()
    const result = await client.callTool({
      name: 'search_library',
      arguments: { query: '', k: 500 },
    })
    expect(result.isError).toBe(true)
    const text = textOf(result)
    expect(text).toMatch(/Invalid arguments for tool search_library/)
    expect(text).toMatch(/query/)
    expect(text).toMatch(/k/)
    const ingest = await client.callTool({
      name: 'ingest',
      arguments: { sources: [{ type: 'url', url: 'ftp://example.org/x' }] },
    })
    expect(ingest.isError).toBe(true)
    expect(textOf(ingest)).toMatch(/url/)
    await client.close()
  })
})

describe('/mcp auth', () => {
  it('refuses a client without the API key with the unauthorized envelope', async () => {
    await expect(connect({ apiKey: null })).rejects.toMatchObject({
      code: 401,
      message: expect.stringMatching(/"code":"unauthorized".*An API key is required/),
    })
  })

  it('refuses a wrong API key', async () => {
    await expect(connect({ apiKey: 'wrong-key' })).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining('Invalid API key'),
    })
  })

  it('takes X-API-Key as well as Authorization', async () => {
    const client = await connect({ apiKey: null, headers: { 'x-api-key': 'test-api-key' } })
    expect((await client.listTools()).tools.length).toBe(8)
    await client.close()
  })

  it('is open, and says so, only when no API keys are configured and open access is chosen', async () => {
    // quire.test is not a loopback host: it stands for a deployment, so openness must be asked for.
    const open = { ...env, QUIRE_API_KEYS: '', QUIRE_OPEN_ACCESS: 'true' } as Env
    captureQueue()
    const client = await connect({ apiKey: null, bindings: open })
    const result = await client.callTool({
      name: 'load_papers',
      arguments: { ids: ['1706.03762'] },
    })
    expect(result.structuredContent).toMatchObject({ auth: expect.stringContaining('open') })
    await client.close()
  })

  it('applies the public rate limit', async () => {
    const limited = { ...env, PUBLIC_RATE_LIMIT: { limit: async () => ({ success: false }) } }
    await expect(connect({ bindings: limited as unknown as Env })).rejects.toMatchObject({
      code: 429,
      message: expect.stringContaining('rate_limited'),
    })
  })

  it('answers GET with 405: no standalone stream in a stateless server', async () => {
    const res = await app.request(
      '/mcp',
      { headers: { authorization: 'Bearer test-api-key', accept: 'text/event-stream' } },
      env,
    )
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toContain('POST')
  })
})
