// The Write view's calls: the document (with its citations) and its versions, the citation
// style, stage 1 messages (streamed as SSE), the placement preview, approve, reject and
// rewrite. Every call carries the session's token.
import { errorOf } from '../api'
import type { SessionCredentials } from '../types'
import type { PendingView } from './suggestion'

export type CitationStyle = 'numbered' | 'author-year'

export interface ReferenceView {
  id: string
  number: number | null
  /** The APA entry in Markdown. */
  apa: string
  missing: string[]
  verified: boolean
}

export interface DocumentView {
  /** The user's text as stored: what the editor edits. */
  markdown: string
  version: number
  structure: { id: string; type: string; parent_id: string | null; content: string }[]
}

/** The text as shown: in-text citations of placed sentences, and the works they cite. */
export interface CitedView {
  style: CitationStyle
  markdown: string
  references: ReferenceView[]
}

export interface VersionView {
  version: number
  created_at: number
  reason: string
}

export interface Placement {
  action: string
  target: string | null
  heading: string
  replace: string[]
  reason: string
  decided_by?: string
  removed?: string[]
}

export interface Preview {
  placement: Placement
  mode: string
  fallbacks: { stage: string; reason: string }[]
  document: { markdown: string; base_version: number }
}

export interface Attached {
  type: 'highlight'
  text: string
}

export class WriteApi {
  constructor(readonly session: SessionCredentials) {}

  private async call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const res = await fetch(path, {
      ...init,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${this.session.token}`,
        ...(init.headers as Record<string, string> | undefined),
      },
    })
    if (!res.ok) throw await errorOf(res)
    return (await res.json()) as T
  }

  private get doc(): string {
    return `/api/documents/${encodeURIComponent(this.session.id)}`
  }

  document(): Promise<DocumentView> {
    return this.call(this.doc)
  }

  /** The content awaiting approval that the session holds, if any. */
  async pending(): Promise<PendingView | null> {
    return (await this.call<{ pending: PendingView | null }>(`${this.doc}/pending`)).pending
  }

  /** The document with its in-text citations and References (loaded after the text shows). */
  cited(): Promise<CitedView> {
    return this.call(`${this.doc}/cited`)
  }

  versions(): Promise<{ versions: VersionView[] }> {
    return this.call(`${this.doc}/versions`)
  }

  restore(version: number): Promise<{ version: number }> {
    return this.call(`${this.doc}/versions/${version}/restore`, { method: 'POST' })
  }

  setStyle(style: CitationStyle): Promise<{ style: CitationStyle }> {
    return this.call(`${this.doc}/citation-style`, {
      method: 'PUT',
      body: JSON.stringify({ style }),
    })
  }

  save(markdown: string): Promise<{ version: number }> {
    return this.call(this.doc, { method: 'PUT', body: JSON.stringify({ markdown }) })
  }

  /** Stage 1 (message or rewrite) as an SSE stream of packets. */
  async stream(path: '/api/chat/message' | '/api/chat/rewrite', body: Record<string, unknown>) {
    const res = await fetch(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${this.session.token}`,
      },
      body: JSON.stringify({ session_id: this.session.id, ...body }),
    })
    if (!res.ok || !res.body) throw await errorOf(res)
    return res.body
  }

  /** The document as Markdown with its references, or the references as BibTeX. */
  async exported(format: 'md' | 'bib'): Promise<Blob> {
    const res = await fetch(`${this.doc}/export?format=${format}`, {
      headers: { authorization: `Bearer ${this.session.token}` },
    })
    if (!res.ok) throw await errorOf(res)
    return res.blob()
  }

  preview(id: string): Promise<Preview> {
    return this.call(`/api/content/${encodeURIComponent(id)}/placement`, {
      method: 'POST',
      body: JSON.stringify({ session_id: this.session.id }),
    })
  }

  approve(id: string, placement?: Placement, baseVersion?: number) {
    return this.call<{
      document: { markdown: string; version: number }
      placement: Placement
      unsourced?: boolean
    }>(`/api/content/${encodeURIComponent(id)}/approve`, {
      method: 'POST',
      body: JSON.stringify({ session_id: this.session.id, placement, base_version: baseVersion }),
    })
  }

  reject(id: string, reason?: string) {
    return this.call(`/api/content/${encodeURIComponent(id)}/reject`, {
      method: 'POST',
      body: JSON.stringify({ session_id: this.session.id, ...(reason ? { reason } : {}) }),
    })
  }
}
