// The writing eval's HTTP client: a running Quire (npm start / wrangler dev) called the way the
// Write view calls it, waiting out the public rate limit (429 + Retry-After) when it applies.

export interface WriteAnswer {
  response: string
  document_content: string
  sources: { number: number; title: string; sourceId?: string; verified: boolean }[]
  attributions: { text: string; sources: number[] }[]
  abstained: boolean
  reason?: string
  status: string | null
  pending_content_id: string | null
  mode: string
  fallbacks: string[]
}

export interface CitedView {
  markdown: string
  references: { id: string; verified: boolean }[]
}

export interface Session {
  id: string
  token: string
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export class QuireClient {
  constructor(readonly base: string) {}

  async call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const headers = new Headers(init.headers)
      headers.set('content-type', 'application/json')
      if (init.token) headers.set('authorization', `Bearer ${init.token}`)
      const res = await fetch(`${this.base}${path}`, { ...init, headers })
      if (res.status === 429 && attempt < 20) {
        await sleep(Number(res.headers.get('retry-after') ?? '5') * 1000)
        continue
      }
      if (!res.ok)
        throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`)
      const type = res.headers.get('content-type') ?? ''
      return (type.includes('json') ? await res.json() : await res.text()) as T
    }
  }

  async session(): Promise<Session> {
    const made = await this.call<{ session_id: string; token: string }>('/api/sessions', {
      method: 'POST',
      body: '{}',
    })
    return { id: made.session_id, token: made.token }
  }

  ask(session: Session, message: string): Promise<WriteAnswer> {
    return this.call('/api/chat/message', {
      method: 'POST',
      token: session.token,
      body: JSON.stringify({ session_id: session.id, message }),
    })
  }

  decide(session: Session, pendingId: string, action: 'approve' | 'reject'): Promise<unknown> {
    return this.call(`/api/content/${pendingId}/${action}`, {
      method: 'POST',
      token: session.token,
      body: JSON.stringify({ session_id: session.id }),
    })
  }

  put(session: Session, markdown: string): Promise<unknown> {
    return this.call(`/api/documents/${session.id}`, {
      method: 'PUT',
      token: session.token,
      body: JSON.stringify({ markdown }),
    })
  }

  document(session: Session): Promise<{ markdown: string; version: number }> {
    return this.call(`/api/documents/${session.id}`, { token: session.token })
  }

  cited(session: Session): Promise<CitedView> {
    return this.call(`/api/documents/${session.id}/cited`, { token: session.token })
  }

  exported(session: Session, format: 'md' | 'bib'): Promise<string> {
    return this.call(`/api/documents/${session.id}/export?format=${format}`, {
      token: session.token,
    })
  }

  private texts = new Map<string, string>()

  /** A source's stored text (abstract and indexed passages), for the traceability check. */
  async sourceText(id: string): Promise<string> {
    const known = this.texts.get(id)
    if (known !== undefined) return known
    const view = await this.call<{ abstract: string | null; passages: { text: string }[] }>(
      `/api/sources/${encodeURIComponent(id)}`,
      { headers: { accept: 'application/json' } },
    )
    const text = [view.abstract ?? '', ...view.passages.map((p) => p.text)].join(' ')
    this.texts.set(id, text)
    return text
  }
}
