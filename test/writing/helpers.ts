// Writing test helpers: requests with a session's token, a small knowledge base, and a
// document with known sections.
import { env } from 'cloudflare:test'
import { app } from '../../workers/app'
import { makeDeps } from '../../workers/deps'
import { LIBRARY_NAMESPACE } from '../../workers/namespaces'
import { indexMany, type IndexRequest } from '../../workers/retrieval'
import { createSession, type CreatedSession } from '../session/helpers'

export { createSession, type CreatedSession }

export interface CallOptions {
  method?: string
  json?: unknown
  token?: string | null
  accept?: string
}

export function call(
  session: CreatedSession,
  path: string,
  options: CallOptions = {},
): Promise<Response> {
  const headers = new Headers()
  const token = options.token === undefined ? session.token : options.token
  if (token) headers.set('Authorization', `Bearer ${token}`)
  if (options.json !== undefined) headers.set('Content-Type', 'application/json')
  if (options.accept) headers.set('Accept', options.accept)
  const method = options.method ?? (options.json === undefined ? 'GET' : 'POST')
  const body = options.json === undefined ? undefined : JSON.stringify(options.json)
  return Promise.resolve(app.request(path, { method, headers, body }, env))
}

export const PAPER = `# Vitamin D and bone health

## Introduction

Bone density declines with age, and vitamin D is often proposed as a remedy.

## Methods

We reviewed randomised trials in adults over sixty.

## Results

Most trials report small effects.

## Conclusion

More trials are needed.
`

function aDocument(id: string, title: string, text: string): IndexRequest {
  return {
    source: { kind: 'text', externalId: id, title, url: `https://example.org/${id}` },
    documents: [{ title, pages: [{ page: null, text }] }],
    namespace: LIBRARY_NAMESPACE,
  }
}

export async function seedKnowledgeBase(): Promise<void> {
  await indexMany(makeDeps(env), [
    aDocument(
      'vitd-bone',
      'Vitamin D supplementation and bone density',
      'In a randomised trial of 400 older adults, daily vitamin D supplementation increased lumbar bone mineral density by 1.2% over two years. Participants with low baseline vitamin D levels benefited most from supplementation.',
    ),
    aDocument(
      'calcium-gut',
      'Calcium absorption and vitamin D status',
      'Fractional calcium absorption from the gut rose by a fifth when serum vitamin D was adequate in healthy adults.',
    ),
    aDocument(
      'coral-heat',
      'Coral bleaching after marine heatwaves',
      'Marine heatwaves in 2016 bleached a third of the reef. Recovery took longer where water quality was poor.',
    ),
  ])
}

export interface WriteAnswer {
  response: string
  document_content: string
  sources: { number: number; title: string; url?: string; verified: boolean; sourceId?: string }[]
  attributions: { text: string; sources: number[] }[]
  abstained: boolean
  reason?: string
  session_id: string
  status: string | null
  pending_content_id: string | null
  revision: number | null
  mode: string
  fallbacks: { stage: string; reason: string }[]
  new_types: { created: string[]; ignored: { name: string; reason: string }[] }
}

export interface PlacedAnswer {
  status: string
  document: { markdown: string; version: number }
  placement: { action: string; target: string | null; decided_by: string; removed: string[] }
  fallbacks: { stage: string; reason: string }[]
}

export async function putDocument(session: CreatedSession, markdown: string): Promise<number> {
  const res = await call(session, `/api/documents/${session.sessionId}`, {
    method: 'PUT',
    json: { markdown },
  })
  if (res.status !== 200) throw new Error(`PUT failed: ${res.status} ${await res.text()}`)
  return (await res.json<{ version: number }>()).version
}

export function sendMessage(
  session: CreatedSession,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return call(session, '/api/chat/message', {
    json: { session_id: session.sessionId, message, ...extra },
  })
}

/** The heading a block sits under in `markdown`, found by the block's text. */
export function sectionOf(markdown: string, needle: string): string | null {
  const at = markdown.indexOf(needle)
  if (at < 0) return null
  const headings = [...markdown.slice(0, at).matchAll(/^#{1,6}\s+(.+)$/gm)]
  return headings.at(-1)?.[1]?.trim() ?? null
}
