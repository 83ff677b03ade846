// The UI's calls to Quire's HTTP API (through the typed client): health, sessions, streaming
// asks and stop.
import type { InferResponseType } from 'hono/client'
import { api, sessionParam } from './api-client'
import { clearSession, loadSession, saveSession } from './session'
import type { HealthView, SessionCredentials } from './types'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** The server's error envelope as an ApiError (its status when the body is not one). */
export async function errorOf(res: {
  status: number
  json(): Promise<unknown>
}): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null
  return new ApiError(res.status, body?.error?.message ?? `Request failed (${res.status})`)
}

/**
 * Mode and corpus state from /health; nulls when it cannot be read (the page still works). Read
 * field by field: a proxy or a stub in front of the server may send less than the route's type.
 */
export async function fetchHealth(): Promise<HealthView> {
  try {
    const body: Partial<HealthBody> = await (await api.health.$get()).json()
    const mode = body.mode === 'offline' || body.mode === 'online' ? body.mode : null
    const model = body.providers?.llm?.model
    return {
      mode,
      corpus: readCorpus(body.corpus),
      model: typeof model === 'string' ? model : null,
    }
  } catch {
    return { mode: null, corpus: null }
  }
}

type HealthBody = InferResponseType<typeof api.health.$get>

function readCorpus(corpus: Partial<NonNullable<HealthBody['corpus']>> | null | undefined) {
  const states = ['empty', 'seeding', 'ready'] as const
  const state = states.find((s) => s === corpus?.state)
  if (!corpus || !state) return null
  const count = (value: unknown) => (typeof value === 'number' ? value : null)
  return { state, sources: count(corpus.sources) ?? 0, total: count(corpus.total) }
}

async function createSession(): Promise<SessionCredentials> {
  const res = await api.api.sessions.$post()
  if (!res.ok) throw await errorOf(res)
  const body = await res.json()
  const session = { id: body.session_id, token: body.token }
  saveSession(session)
  return session
}

export async function ensureSession(): Promise<SessionCredentials> {
  return loadSession() ?? createSession()
}

/** Starts a streaming ask; a stored session the server no longer knows is replaced once. */
export async function startAsk(
  query: string,
  signal: AbortSignal,
  retry = true,
): Promise<{ session: SessionCredentials; body: ReadableStream<Uint8Array> }> {
  const session = await ensureSession()
  const res = await api.api.ask.$post(
    { json: { query, session_id: session.id } },
    {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${session.token}` },
      init: { signal },
    },
  )
  if ((res.status === 401 || res.status === 404) && retry) {
    clearSession()
    return startAsk(query, signal, false)
  }
  if (!res.ok || !res.body) throw await errorOf(res)
  return { session, body: res.body }
}

/**
 * Asks the server to stop the session's run. True when the server took the request (its run
 * then ends with its own account of what was kept, or had already finished); false when it
 * could not be told.
 */
export async function stopRun(session: SessionCredentials): Promise<boolean> {
  const res = await api.api.sessions[':id'].stop
    .$post(sessionParam(session), { headers: { authorization: `Bearer ${session.token}` } })
    .catch(() => null)
  return res?.ok ?? false
}
