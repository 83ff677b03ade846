// Paper chat test helpers: upload a fixture PDF into a session and ask the chat, with the
// JSON answer's shape.
import { expect } from 'vitest'
import type { CreatedSession } from '../session/helpers'
import { pdfFixture, type PapersEnv } from './helpers'

export interface ChatBody {
  answer: string
  citations: { title: string; page: number; paper_id: string }[]
  sources: { title: string; page: number }[]
  abstained: boolean
  mode: string
  task: string
  fallbacks: { stage: string; reason: string }[]
  citation_check?: { corrected: number; removed: number }
  error?: { code: string; message: string }
}

/** Uploads the fixture PDF whose name starts with `prefix` under `title`; expects it loaded. */
export async function uploadPaper(
  world: PapersEnv,
  session: CreatedSession,
  prefix: string,
  title: string,
): Promise<void> {
  const form = new FormData()
  form.set('session_id', session.sessionId)
  form.set('title', title)
  form.set('file', new File([await pdfFixture(prefix)], 'paper.pdf', { type: 'application/pdf' }))
  const res = await world.request('/api/papers/upload', {
    method: 'POST',
    token: session.token,
    body: form,
  })
  expect(res.status).toBe(201)
}

export function askPapers(
  world: PapersEnv,
  session: CreatedSession,
  message: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return world.request('/api/papers/chat', {
    method: 'POST',
    token: session.token,
    json: { session_id: session.sessionId, message },
    headers,
  })
}

/**
 * Routes the session's answering step to a fake script: the marker sits in the session's
 * system prompt, which retrieval's own model calls (variations, rerank) do not carry.
 */
export async function routeAnswersTo(
  world: PapersEnv,
  session: CreatedSession,
  marker: string,
): Promise<void> {
  const res = await world.request(`/api/sessions/${session.sessionId}/settings`, {
    method: 'PUT',
    token: session.token,
    json: { system_prompt: `Answer from the papers. ${marker}` },
  })
  expect(res.status).toBe(200)
}
