// The scripted OpenAI-compatible fake every model test talks to (127.0.0.1:0, started by
// global-setup.ts): chat completions (whole and SSE), embeddings, models, plus /__scripts and
// /__requests for tests, and /__fixtures/pdf and /__fixtures/page (fixture PDFs and a marked
// HTML page, see fake-openai/fixtures.ts). Step semantics: fake-openai/steps.ts; usage: test/fakes/fake-llm.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { completionBody, planReply, streamChunks } from './fake-openai/chat-reply'
import { fakeEmbedding, toBase64Floats } from './fake-openai/embeddings'
import { applyFault } from './fake-openai/faults'
import { servePageFixture, servePdfFixture } from './fake-openai/fixtures'
import { defaultError, isGone, pause, readJson, sendError, sendJson } from './fake-openai/http-util'
import { ScriptBook } from './fake-openai/script-book'
import { scriptRequestSchema, type FakeStep } from './fake-openai/steps'

type Body = Record<string, unknown>

const MODELS = ['fake-main', 'fake-fast', 'fake-embed'].map((id) => ({
  id,
  object: 'model',
  created: 0,
  owned_by: 'quire-fake',
}))

/** Delay, key check and error status: true when the step has already answered (or the client left). */
async function prelude(
  req: IncomingMessage,
  res: ServerResponse,
  step: FakeStep | undefined,
  options: FakeServerOptions,
): Promise<boolean> {
  const delay = (step?.delayMs ?? 0) + (options.firstTokenMs ?? 0)
  if (delay) await pause(delay, res)
  if (isGone(res)) return true
  if (step?.requireKey !== undefined && req.headers.authorization !== `Bearer ${step.requireKey}`) {
    sendError(res, 401, defaultError(401))
    return true
  }
  if (step?.status !== undefined && step.status >= 400) {
    sendError(res, step.status, step.error ?? defaultError(step.status))
    return true
  }
  return false
}

const hasContent = (s: FakeStep) =>
  [s.reply, s.raw, s.json, s.reasoning, s.toolCalls].some((v) => v !== undefined)

async function serveChat(res: ServerResponse, body: Body, key: string, step?: FakeStep) {
  const plan = planReply(step, body, key)
  const streaming = body.stream === true
  // A bare hang sends nothing at all; it ends only when the client aborts.
  if (step?.hang && (!streaming || !hasContent(step))) return
  if (applyFault(res, step?.fault, 0)) return
  if (!streaming) return sendJson(res, 200, completionBody(plan, body))
  const options = body.stream_options as { include_usage?: boolean } | undefined
  const { head, tail } = streamChunks(plan, body, options?.include_usage === true)
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  res.flushHeaders()
  for (const [i, chunk] of head.entries()) {
    if (i > 0 && step?.chunkDelayMs) await pause(step.chunkDelayMs, res)
    if (isGone(res) || (i > 0 && applyFault(res, step?.fault, i))) return
    res.write(`data: ${JSON.stringify(chunk)}\n\n`)
  }
  if (step?.hang) return
  for (const chunk of tail) res.write(`data: ${JSON.stringify(chunk)}\n\n`)
  res.end('data: [DONE]\n\n')
}

function serveEmbeddings(res: ServerResponse, body: Body, step?: FakeStep) {
  if (step?.hang) return
  const inputs = (Array.isArray(body.input) ? body.input : [body.input]).map((v) => String(v ?? ''))
  const dims = typeof body.dimensions === 'number' && body.dimensions > 0 ? body.dimensions : 384
  const base64 = body.encoding_format === 'base64'
  const data = inputs.map((text, index) => {
    const vector = fakeEmbedding(text, dims)
    return { object: 'embedding', index, embedding: base64 ? toBase64Floats(vector) : vector }
  })
  const tokens = inputs.reduce((n, text) => n + Math.ceil(text.length / 4), 0)
  sendJson(res, 200, {
    object: 'list',
    data,
    model: body.model ?? 'fake-embed',
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  })
}

/** The structured output a chat request asks for (`response_format.json_schema.name`). */
function schemaName(body: Body): string | undefined {
  const format = body.response_format as { json_schema?: { name?: unknown } } | undefined
  const name = format?.json_schema?.name
  return typeof name === 'string' ? name : undefined
}

async function serveModelCall(
  { book, options }: ServerState,
  req: IncomingMessage,
  res: ServerResponse,
  body: Body,
) {
  const url = new URL(req.url ?? '/', 'http://fake')
  const key = book.keyOf(body)
  const authorization = req.headers.authorization ?? null
  book.record(key, { path: url.pathname, authorization, body, at: Date.now() })
  const { step, exhausted } = book.take(key, schemaName(body))
  if (exhausted) {
    return sendError(res, 500, {
      message: `Fake script ${key} has no steps left`,
      type: 'fake_script_exhausted',
    })
  }
  if (await prelude(req, res, step, options)) return
  if (url.pathname.endsWith('/embeddings')) return serveEmbeddings(res, body, step)
  return serveChat(res, body, key, step)
}

async function route(state: ServerState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { book } = state
  const url = new URL(req.url ?? '/', 'http://fake')
  const path = url.pathname.replace(/^\/v1(?=\/)/, '')
  if (req.method === 'GET' && path === '/models')
    return sendJson(res, 200, { object: 'list', data: MODELS })
  if (req.method === 'GET' && path === '/__requests') {
    return sendJson(res, 200, book.requests(url.searchParams.get('key') ?? ''))
  }
  if (req.method === 'GET' && path === '/__fixtures/pdf')
    return servePdfFixture(res, url.searchParams.get('prefix') ?? '')
  if (req.method === 'GET' && path === '/__fixtures/page')
    return servePageFixture(res, url.searchParams.get('marker') ?? '')
  if (req.method !== 'POST')
    return sendError(res, 404, { message: `No route ${req.method} ${url.pathname}` })
  const body = await readJson(req)
  if (!body) return sendError(res, 400, { message: 'Request body must be a JSON object' })
  if (path === '/__scripts') {
    const parsed = scriptRequestSchema.safeParse(body)
    if (!parsed.success) return sendError(res, 400, { message: parsed.error.message })
    return sendJson(res, 200, { key: book.add(parsed.data.steps) })
  }
  if (path === '/chat/completions' || path === '/embeddings')
    return serveModelCall(state, req, res, body)
  sendError(res, 404, { message: `No route POST ${url.pathname}` })
}

/** How long an idle keep-alive socket stays open (announced as `Keep-Alive: timeout=120`). */
export const KEEP_ALIVE_MS = 120_000

export interface FakeServerOptions {
  /** Added before the first byte of every model answer: a model's time to first token. */
  firstTokenMs?: number
  /** Loopback port to listen on (default: any free one). */
  port?: number
}

interface ServerState {
  book: ScriptBook
  options: FakeServerOptions
}

export async function startFakeOpenAi(
  options: FakeServerOptions = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const state: ServerState = { book: new ScriptBook(), options }
  const server = createServer((req, res) => {
    route(state, req, res).catch((error: unknown) => {
      sendError(res, 500, { message: `Fake server error: ${String(error)}`, type: 'server_error' })
    })
  })
  // Clients (workerd's fetch, undici, the openai SDK) keep idle loopback sockets for reuse. With
  // Node's default 5 s keepAliveTimeout the server closed an idle socket just as a client sent
  // the next request on it, and that request died as "Network connection lost" (a loaded run
  // stretches the gaps between one test's calls past 5 s). Idle sockets now outlive any client's
  // reuse window; headersTimeout must exceed keepAliveTimeout or it cuts the same sockets.
  server.keepAliveTimeout = KEEP_ALIVE_MS
  server.headersTimeout = KEEP_ALIVE_MS + 5_000
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging scripts keep sockets open; close them or close() never returns.
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
