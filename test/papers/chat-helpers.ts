// Paper chat test helpers: upload a fixture PDF into a session and ask the chat, with the
// JSON answer's shape; route retrieval's own model calls to scripts of their own.
import { expect, vi } from 'vitest'
import type { ChatModels } from '../../workers/llm'
import { scriptFake, type FakeStep, type ScriptedFake } from '../fakes/fake-llm'
import { repeated } from '../faults/fault-cases'
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

/**
 * Routes retrieval's own model calls (the query plan and the rerank, both on `models.fast`) to
 * scripts: they carry no session prompt, and the fake's unscripted reply is no JSON, so without
 * this every retrieval in an online test falls back (and the answer is, rightly, degraded).
 * By default both succeed; pass a step to make one fail.
 */
export async function scriptRetrieval(
  models: ChatModels | null,
  steps: { plan?: FakeStep; rerank?: FakeStep } = {},
): Promise<{ plan: ScriptedFake; rerank: ScriptedFake }> {
  if (!models) throw new Error('scriptRetrieval needs the online models')
  const plan = await scriptFake(repeated(steps.plan ?? { json: { task: 'qa', variations: [] } }))
  const rerank = await scriptFake(
    repeated(steps.rerank ?? { json: { scores: [{ id: 1, score: 9 }] } }),
  )
  const markers = new Map([
    ['query_plan', plan.marker],
    ['grades', rerank.marker],
  ])
  const fast = models.fast
  const complete = fast.complete.bind(fast)
  vi.spyOn(fast, 'complete').mockImplementation((request, signal) => {
    const marker = markers.get(request.jsonSchema?.name ?? '')
    if (!marker) return complete(request, signal)
    const messages = [{ role: 'system' as const, content: marker }, ...request.messages]
    return complete({ ...request, messages }, signal)
  })
  return { plan, rerank }
}
