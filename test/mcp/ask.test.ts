// The `ask` tool offline: grounded answers with sources, the same abstention, progress
// notifications from the status packets, cancellation (stateless and in a session), the
// session's stop path, and the session's document resource.
import { env } from 'cloudflare:test'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { app } from '../../workers/app'
import type { WebSearchResult } from '../../workers/sources'
import { aResult } from '../answer/builders'
import { scriptSearch } from '../answer/route-helpers'
import { connect, createSession, scriptAppSearch, stopSession, textOf } from './helpers'

const results: WebSearchResult[] = [
  aResult(1, {
    title: 'Sleep and memory',
    domain: 'nih.gov',
    snippet: 'Sleep improves memory consolidation and learning in adults.',
  }),
  aResult(2, {
    title: 'Naps and memory',
    domain: 'nature.com',
    snippet: 'Short naps improve memory consolidation in adults.',
  }),
]

interface AskResult {
  answer: string
  abstained: boolean
  reason?: string
  mode: string
  fallbacks: unknown[]
  sources: { number: number; title: string; cited: boolean }[]
  stopped: boolean
  session_id?: string
  document?: string
}

/** A search that ends only when its signal aborts; `aborted` settles then. */
function hangingSearch() {
  let markAborted: () => void = () => undefined
  const aborted = new Promise<void>((resolve) => (markAborted = resolve))
  const search = (signal?: AbortSignal) =>
    new Promise<WebSearchResult[]>((_, reject) =>
      signal?.addEventListener('abort', () => {
        markAborted()
        reject(signal.reason)
      }),
    )
  return { search, aborted }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('ask', () => {
  it('answers from the sources it retrieved, with them in structuredContent, and reports progress', async () => {
    scriptAppSearch(results)
    const client = await connect()
    const progress: string[] = []
    const result = await client.callTool(
      { name: 'ask', arguments: { question: 'Does sleep improve memory consolidation?' } },
      undefined,
      { onprogress: (p) => progress.push(p.message ?? '') },
    )
    expect(result.isError).toBeFalsy()
    const body = result.structuredContent as unknown as AskResult
    expect(body).toMatchObject({ abstained: false, mode: 'offline', stopped: false })
    expect(body.sources.some((source) => source.cited)).toBe(true)
    expect(body.answer).toMatch(/\[\d\]/)
    expect(textOf(result)).toContain('Sources:')
    expect(progress.length).toBeGreaterThan(1)
    expect(progress.every((message) => message.length > 0)).toBe(true)
    await client.close()
  })

  it('abstains, citing nothing, when the sources do not cover the question', async () => {
    const unrelated = [aResult(1, { title: 'Bread', snippet: 'Sourdough bread rises slowly.' })]
    scriptAppSearch(unrelated)
    const client = await connect()
    const result = await client.callTool({
      name: 'ask',
      arguments: { question: 'What is the boiling point of liquid nitrogen?' },
    })
    const body = result.structuredContent as unknown as AskResult
    expect(body.abstained).toBe(true)
    expect(body.reason).toBeTruthy()
    expect(body.sources.filter((source) => source.cited)).toEqual([])
    expect(textOf(result)).toContain('Abstained')
    await client.close()
  })

  it("a client's cancel aborts a running ask", async () => {
    const hang = hangingSearch()
    scriptAppSearch((signal) => hang.search(signal))
    const client = await connect()
    const controller = new AbortController()
    const call = client.callTool(
      { name: 'ask', arguments: { question: 'Does sleep improve memory?' } },
      undefined,
      { signal: controller.signal, onprogress: () => controller.abort('user cancelled') },
    )
    await expect(call).rejects.toThrow()
    await hang.aborted
    await client.close()
  })

  it('rejects a bad argument with a message naming it', async () => {
    const client = await connect()
    const result = await client.callTool({
      name: 'ask',
      arguments: { question: 'Q?', search_mode: 'everything' },
    })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toMatch(/search_mode/)
    await client.close()
  })
})

describe('ask in a session', () => {
  it("runs as the session's ask, and its document resource is the transcript", async () => {
    await scriptSearch(results)
    const session = await createSession()
    const client = await connect({ headers: { 'x-quire-session-token': session.token } })
    const question = 'Does sleep improve memory consolidation?'
    const result = await client.callTool({
      name: 'ask',
      arguments: { question, session_id: session.id, session_token: session.token },
    })
    const body = result.structuredContent as unknown as AskResult
    expect(body).toMatchObject({ session_id: session.id, abstained: false, stopped: false })
    expect(body.document).toBe(`quire://documents/${session.id}`)
    const doc = await client.readResource({ uri: body.document ?? '' })
    const text = (doc.contents[0] as { text: string }).text
    expect(text).toContain(`## Question\n\n${question}`)
    expect(text).toContain('## Answer')
    expect(text).toContain('Sleep and memory')
    await client.close()
  })

  it('refuses a session without its token, and with a wrong one', async () => {
    const session = await createSession()
    const client = await connect()
    const missing = await client.callTool({
      name: 'ask',
      arguments: { question: 'Q?', session_id: session.id },
    })
    expect(missing.structuredContent).toMatchObject({ error: { code: 'unauthorized' } })
    const wrong = await client.callTool({
      name: 'ask',
      arguments: { question: 'Q?', session_id: session.id, session_token: 'nope' },
    })
    expect(wrong.structuredContent).toMatchObject({ error: { code: 'forbidden' } })
    await expect(client.readResource({ uri: `quire://documents/${session.id}` })).rejects.toThrow(
      /unauthorized/,
    )
    await client.close()
  })

  it('says there is no document yet for a session without questions', async () => {
    const session = await createSession()
    const client = await connect({ headers: { 'x-quire-session-token': session.token } })
    const doc = await client.readResource({ uri: `quire://documents/${session.id}` })
    expect((doc.contents[0] as { text: string }).text).toMatch(/^No document/)
    await client.close()
  })

  it('POST /api/sessions/:id/stop stops the MCP ask, which returns what it has, marked stopped', async () => {
    const hang = hangingSearch()
    await scriptSearch((signal) => hang.search(signal))
    const session = await createSession()
    const client = await connect()
    let stop: Promise<Response> | undefined
    const result = await client.callTool(
      {
        name: 'ask',
        arguments: {
          question: 'Q about sleep?',
          session_id: session.id,
          session_token: session.token,
        },
      },
      undefined,
      { onprogress: () => void (stop ??= stopSession(session.id, session.token)) },
    )
    expect(await (await stop)?.json()).toEqual({ stopped: true })
    expect(result.structuredContent).toMatchObject({ stopped: true, session_id: session.id })
    await client.close()
  })

  it("a client's cancel stops the session's run", async () => {
    const hang = hangingSearch()
    await scriptSearch((signal) => hang.search(signal))
    const session = await createSession()
    const client = await connect()
    const controller = new AbortController()
    const call = client.callTool(
      {
        name: 'ask',
        arguments: {
          question: 'Q about naps?',
          session_id: session.id,
          session_token: session.token,
        },
      },
      undefined,
      { signal: controller.signal, onprogress: () => controller.abort('user cancelled') },
    )
    await expect(call).rejects.toThrow()
    await hang.aborted
    await vi.waitFor(
      async () => {
        const res = await app.request(
          `/api/sessions/${session.id}`,
          { headers: { authorization: `Bearer ${session.token}` } },
          env,
        )
        const described = (await res.json()) as {
          running: unknown
          messages: { data: { stopped?: boolean } }[]
        }
        expect(described.running).toBeNull()
        expect(described.messages.at(-1)?.data.stopped).toBe(true)
      },
      { timeout: 10_000 },
    )
    await client.close()
  })
})

describe('resources', () => {
  it('an unknown source is an MCP error carrying not_found', async () => {
    const client = await connect()
    const error = await client
      .readResource({ uri: 'quire://sources/missing' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpError)
    expect(error).toMatchObject({ code: -32002, data: { code: 'not_found' } })
    await client.close()
  })
})
