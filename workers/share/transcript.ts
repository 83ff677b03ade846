// The read-only view of a session a share link shows: its questions and answers with the
// sources each answer cites (and a debate's verdicts, a claim's evidence map, when present). Nothing private: no
// token, no settings, no uploaded files' text.
import { z } from 'zod'
import type { StoredMessage } from '../session'
import type { SharedDocument } from '../writing'
import { claimMapOf, type SharedClaimMap } from './shared-claim'
import { debateOf, verdictsOf, type SharedDebate, type SharedVerdict } from './shared-debate'

const listedSourceSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  url: z.string().optional(),
  domain: z.string().optional(),
  sourceId: z.string().optional(),
})

export interface SharedSource {
  number: number
  title: string
  url: string | null
  domain: string | null
  /** The knowledge-base source, readable at /api/sources/<id>?share=<this link's token>. */
  source_id: string | null
}

export interface SharedMessage {
  role: 'user' | 'assistant'
  content: string
  sources: SharedSource[]
  /** How the answer was made (online, offline, degraded), when the answer says. */
  mode: string | null
  /** The answer was stopped or cut off by a crash: its text is partial. */
  partial: boolean
  verdicts: SharedVerdict[]
  /** A debate's turns, verdicts and references, when the message is one. */
  debate: SharedDebate | null
  /** A claim's evidence map, when the answer carries one. */
  claim_check: SharedClaimMap | null
  created_at: number
}

export interface SharedTranscript {
  title: string
  created_at: number
  messages: SharedMessage[]
}

/** What a share link shows: the transcript and, for a Write session, its document. */
export interface SharedSession extends SharedTranscript {
  document: SharedDocument | null
}

/** The list of sources a message keeps: `sources` (ask), `citations` (chat), or its claim check's. */
function listedSources(data: Record<string, unknown>): unknown {
  if (Array.isArray(data.sources)) return data.sources
  if (Array.isArray(data.citations)) return data.citations
  const check = data.claim_check as { sources?: unknown } | null | undefined
  return typeof check === 'object' && check !== null ? check.sources : undefined
}

/** Answers list their sources under `sources` (ask) or `citations` (chat turns). */
function sourcesOf(data: Record<string, unknown>): SharedSource[] {
  const listed = listedSources(data)
  if (!Array.isArray(listed)) return []
  return listed.flatMap((item) => {
    const parsed = listedSourceSchema.safeParse(item)
    if (!parsed.success) return []
    const { number, title, url, domain, sourceId } = parsed.data
    return [
      { number, title, url: url ?? null, domain: domain ?? null, source_id: sourceId ?? null },
    ]
  })
}

function toShared(message: StoredMessage): SharedMessage | null {
  if (message.role !== 'user' && message.role !== 'assistant') return null
  const { data } = message
  return {
    role: message.role,
    content: message.content,
    sources: message.role === 'assistant' ? sourcesOf(data) : [],
    mode: typeof data.mode === 'string' ? data.mode : null,
    partial: data.stopped === true || data.interrupted === true,
    verdicts: verdictsOf(data),
    debate: message.role === 'assistant' ? debateOf(data) : null,
    claim_check: message.role === 'assistant' ? claimMapOf(data) : null,
    created_at: message.createdAt,
  }
}

/** The knowledge-base source a listed source is: its id, or its /api/sources/<id> link. */
function citedSourceId(source: SharedSource): string | null {
  if (source.source_id) return source.source_id
  const link = /^(?:quire:\/\/source\/|\/api\/sources\/)([^/?#]+)$/.exec(source.url ?? '')
  return link?.[1] ? decodeURIComponent(link[1]) : null
}

/**
 * Whether an answer of the transcript lists this source (what its share page shows): a share
 * link opens the session's private sources its transcript cites, and no others.
 */
export function transcriptCites(messages: StoredMessage[], sourceId: string): boolean {
  return messages.some(
    (message) =>
      message.role === 'assistant' &&
      sourcesOf(message.data).some((source) => citedSourceId(source) === sourceId),
  )
}

export function buildTranscript(messages: StoredMessage[], createdAt: number): SharedTranscript {
  const shared = messages.flatMap((message) => toShared(message) ?? [])
  const first = shared.find((message) => message.role === 'user')?.content ?? 'A Quire session'
  const title = first.length > 120 ? `${first.slice(0, 117).trimEnd()}…` : first
  return { title, created_at: createdAt, messages: shared }
}
