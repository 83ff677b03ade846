// The papers routes over HTTP for the view: search, load, upload, list, kept PDFs and the chat
// stream, all with the session's bearer token; a 429 keeps the minutes left the server names.
import { ApiError, ensureSession } from '../api'
import { api, pathParam, sessionParam } from '../api-client'
import { showSessionInUrl } from '../app-events'
import { clearSession } from '../session'
import { recordSession } from '../session-list'
import { readPackets } from '../stream'
import type { Packet, SessionCredentials } from '../types'
import { storedPdfPath } from './pdf-links'
import type { PaperList, PaperRow, SearchResult } from './types'

export class PapersError extends ApiError {
  constructor(
    status: number,
    message: string,
    /** Minutes until a quota or cooldown allows the call again (429 only). */
    readonly minutesLeft?: number,
  ) {
    super(status, message)
  }
}

interface ErrorEnvelope {
  error?: { message?: string; details?: { minutes_left?: unknown } }
}

/** What call() reads of a reply: a fetch Response or the typed client's. */
interface Reply {
  status: number
  ok: boolean
  json(): Promise<unknown>
}

/** What call() gives each request: the session's bearer token and the view's signal. */
interface Auth {
  headers: { authorization: string }
  signal: AbortSignal
}

/** A raw fetch with call()'s token and signal (multipart bodies, PDFs, streams). */
function fetchWith(path: string, request: RequestInit, auth: Auth): Promise<Response> {
  const headers = new Headers(request.headers)
  headers.set('authorization', auth.headers.authorization)
  return fetch(path, { ...request, signal: auth.signal, headers })
}

async function failure(res: Reply): Promise<PapersError> {
  const body = (await res.json().catch(() => null)) as ErrorEnvelope | null
  const minutes = body?.error?.details?.minutes_left
  return new PapersError(
    res.status,
    body?.error?.message ?? `Request failed (${res.status})`,
    typeof minutes === 'number' ? minutes : undefined,
  )
}

/** A load's records, and whether each is loaded or failed already. */
export interface LoadOutcome {
  papers: PaperRow[]
  settled: boolean
}

export class PapersClient {
  private session: SessionCredentials | null = null
  /** What names a session this client makes: the first query, question or file. */
  private title = 'Papers'

  constructor(private readonly signal: AbortSignal) {}

  private async credentials(): Promise<SessionCredentials> {
    if (!this.session) {
      this.session = await ensureSession()
      // The shell's session list and the address bar name this papers session.
      if (!this.signal.aborted) showSessionInUrl('papers', this.session.id)
      recordSession(this.session, 'papers', this.title)
    }
    return this.session
  }

  /** One call; a stored session the server no longer knows is replaced once. */
  private async call<R extends Reply>(
    send: (session: SessionCredentials, auth: Auth) => Promise<R>,
    retry = true,
  ): Promise<R> {
    const session = await this.credentials()
    const headers = { authorization: `Bearer ${session.token}` }
    const res = await send(session, { headers, signal: this.signal })
    if ((res.status === 401 || res.status === 404) && retry) {
      const known = await api.api.sessions[':id'].$get(sessionParam(session), {
        headers,
        init: { signal: this.signal },
      })
      if (!known.ok) {
        clearSession()
        this.session = null
        return this.call(send, false)
      }
    }
    if (!res.ok) throw await failure(res)
    return res
  }

  private json(path: string, body: Record<string, unknown>, accept = 'application/json') {
    return this.call((s, init) =>
      fetchWith(
        path,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept },
          body: JSON.stringify({ ...body, session_id: s.id }),
        },
        init,
      ),
    )
  }

  /** Names the session the next call may make (kept if the session exists already). */
  private naming(title: string): void {
    if (!this.session) this.title = title
  }

  async search(query: string): Promise<SearchResult> {
    this.naming(query)
    const res = await this.call((s, { headers, signal }) =>
      api.api.papers.search.$post(
        { json: { query, session_id: s.id } },
        { headers, init: { signal } },
      ),
    )
    return res.json()
  }

  /**
   * Queues papers and follows their progress on the stream (each status line to `onStatus`,
   * the records at the end). A server answering 202 JSON instead gives the queued records,
   * unsettled: the caller polls the list.
   */
  async load(indices: number[], onStatus: (message: string) => void): Promise<LoadOutcome> {
    const res = await this.json('/api/papers/load', { indices }, 'text/event-stream')
    const isStream = (res.headers.get('content-type') ?? '').includes('text/event-stream')
    if (!isStream || !res.body) {
      return { papers: ((await res.json()) as { papers: PaperRow[] }).papers, settled: false }
    }
    const outcome: LoadOutcome = { papers: [], settled: false }
    await readPackets(res.body, (packet) => {
      if (packet.type === 'status') onStatus(packet.message)
      if (packet.type === 'done') {
        const result = packet.result as Partial<LoadOutcome> | null
        outcome.papers = result?.papers ?? []
        outcome.settled = result?.settled === true
      }
    })
    return outcome
  }

  async upload(file: File, title?: string): Promise<PaperRow> {
    this.naming(title ?? file.name)
    const res = await this.call((s, init) => {
      const form = new FormData()
      form.set('session_id', s.id)
      form.set('file', file)
      if (title) form.set('title', title)
      return fetchWith('/api/papers/upload', { method: 'POST', body: form }, init)
    })
    return ((await res.json()) as { paper: PaperRow }).paper
  }

  /** The session id once known (links to kept PDFs name it); null before the first call. */
  get sessionId(): string | null {
    return this.session?.id ?? null
  }

  /** A PDF the server keeps for this session, fetched with the session's token. */
  async pdf(paperId: string): Promise<Blob> {
    const res = await this.call((s, init) => fetchWith(storedPdfPath(s.id, paperId), {}, init))
    return res.blob()
  }

  async list(): Promise<PaperList> {
    const res = await this.call((s, { headers, signal }) =>
      api.api.papers[':session'].$get(
        { param: { session: pathParam(s.id) } },
        { headers, init: { signal } },
      ),
    )
    return res.json()
  }

  /** Streams one Paper Brain agent run (search and load on its own) until it ends. */
  async brain(message: string, onPacket: (packet: Packet) => void): Promise<void> {
    this.naming(message)
    const res = await this.json('/api/papers/brain', { message }, 'text/event-stream')
    if (!res.body) throw new PapersError(res.status, 'The agent answered without a body')
    await readPackets(res.body, onPacket)
  }

  /** Streams one chat turn's packets (SSE) until the run ends. */
  async chat(message: string, onPacket: (packet: Packet) => void): Promise<void> {
    this.naming(message)
    const res = await this.json('/api/papers/chat', { message }, 'text/event-stream')
    if (!res.body) throw new PapersError(res.status, 'The chat answered without a body')
    await readPackets(res.body, onPacket)
  }
}
