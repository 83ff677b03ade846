// The load scenario: a bare /health phase, an /api/ask phase, the same asks while other tenants
// upload large private files carrying their own markers (and chat over them), and a mixed phase
// (asks, chat turns with the scripted model, stops, reads), N virtual sessions at once, bounded
// in count and time. Each session asks about its own token; any reply carrying another
// session's token, an uploader's marker included, is counted as a leak.
import { call, type Reply } from './client'
import { privateUploadText } from './private-upload'
import { Tally } from './stats'

export interface LoadOptions {
  baseUrl: string
  /** Set when the run started the fake: sessions then script their model replies. */
  fakeUrl?: string
  sessions: number
  /** Requests per session in each phase. */
  perSession: number
  deadline: number
}

interface VirtualSession {
  index: number
  ip: string
  token: string
  marker: string
  id: string
  auth: string
}

export interface PhaseResult {
  name: string
  requests: number
  seconds: number
}

/** Characters of each private upload: past the default 128k-token window, so it is indexed. */
export const UPLOAD_CHARS = 700_000

export const MIXED_OPS = ['chat', 'read', 'ask', 'stop', 'read', 'chat'] as const

async function scriptFor(fakeUrl: string | undefined, token: string): Promise<string> {
  if (!fakeUrl) return ''
  // Slow enough that a stop lands mid-stream; every reply names the session's token.
  const step = {
    reply: `Notes about ${token}: it is unique to this session.`,
    chunks: 5,
    chunkDelayMs: 40,
  }
  const res = await fetch(`${fakeUrl}/__scripts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ steps: Array.from({ length: 400 }, () => step) }),
  })
  const { key } = (await res.json()) as { key: string }
  return `[[fake:${key}]]`
}

export class LoadRun {
  readonly tally = new Tally()
  readonly phases: PhaseResult[] = []
  leaks = 0
  /** Replies carrying another tenant's upload secret (text only its private file holds). */
  markerLeaks = 0
  /** Uploaders' own replies that carried their secret (shows the check can see it). */
  ownMarkerSeen = 0
  uploadsStored = 0
  /** Replies that named their own session's token (shows the leak check can see tokens). */
  ownTokenSeen = 0
  stopsLanded = 0
  private sessions: VirtualSession[] = []
  private uploaders: VirtualSession[] = []
  /**
   * Each uploader's secret: written only in its file, beside its token (which other tenants'
   * probes ask about, so a question's echo is not a leak); seen anywhere else, it crossed.
   */
  private secrets = new Map<VirtualSession, string>()
  private tokens: string[] = []

  constructor(private readonly options: LoadOptions) {}

  private record(op: string, reply: Reply, self?: VirtualSession): void {
    this.tally.add(op, reply.ms)
    if (reply.firstStatusMs !== undefined) this.tally.add(`${op} first packet`, reply.firstStatusMs)
    if (reply.status >= 400)
      this.tally.error(op, `${reply.status} ${reply.code ?? ''}`.trim(), reply.text)
    else if (reply.lastType && reply.lastType !== 'done')
      this.tally.error(op, `stream ended on ${reply.lastType}`)
    if (!self) return
    this.leaks += this.tokens.filter((t) => t !== self.token && reply.text.includes(t)).length
    if (reply.text.includes(self.token)) this.ownTokenSeen += 1
    for (const [owner, secret] of this.secrets) {
      if (!reply.text.includes(secret)) continue
      if (owner === self) this.ownMarkerSeen += 1
      else this.markerLeaks += 1
    }
  }

  private async guarded(op: string, work: () => Promise<void>): Promise<void> {
    try {
      await work()
    } catch (error) {
      this.tally.error(op, `network ${(error as Error).name}`)
    }
  }

  private async openOne(index: number, net = 77): Promise<VirtualSession> {
    const { baseUrl, fakeUrl } = this.options
    const token = `zq${String(index).padStart(3, '0')}${Math.random().toString(36).slice(2, 8)}`
    const ip = `10.${net}.${Math.floor(index / 250)}.${(index % 250) + 1}`
    const res = await call(`${baseUrl}/api/sessions`, { method: 'POST', ip })
    if (res.status !== 201) throw new Error(`session create failed: ${res.status} ${res.text}`)
    const body = JSON.parse(res.text) as { session_id: string; token: string }
    const marker = await scriptFor(fakeUrl, token)
    return { index, ip, token, marker, id: body.session_id, auth: body.token }
  }

  async open(): Promise<void> {
    const count = this.options.sessions
    this.sessions = await Promise.all(Array.from({ length: count }, (_, i) => this.openOne(i)))
    this.tokens = this.sessions.map((s) => s.token)
  }

  /** Runs `op` per session `perSession` times, and on while `more()` holds (by the deadline). */
  private async phase(
    name: string,
    op: (s: VirtualSession, i: number) => Promise<void>,
    more: () => boolean = () => false,
  ) {
    const started = performance.now()
    let requests = 0
    const go = (i: number) => i < this.options.perSession || more()
    await Promise.all(
      this.sessions.map(async (s) => {
        for (let i = 0; go(i) && Date.now() < this.options.deadline; i++) {
          await op(s, i)
          requests += 1
        }
      }),
    )
    this.phases.push({ name, requests, seconds: (performance.now() - started) / 1000 })
  }

  health() {
    return this.phase('GET /health', (s) =>
      this.guarded('health', async () =>
        this.record('health', await call(`${this.options.baseUrl}/health`, { ip: s.ip })),
      ),
    )
  }

  private ask(s: VirtualSession, i: number, op = 'ask', about = s.token) {
    return this.guarded(op, async () => {
      const body = {
        query: `What is known about ${about}, take ${i}? ${s.marker}`,
        session_id: s.id,
      }
      const reply = await call(`${this.options.baseUrl}/api/ask`, {
        body,
        token: s.auth,
        ip: s.ip,
        sse: true,
      })
      this.record(op, reply, s)
    })
  }

  private chat(s: VirtualSession, i: number, stop: boolean) {
    const op = stop ? 'chat + stop' : 'chat'
    return this.guarded(op, async () => {
      const url = `${this.options.baseUrl}/api/sessions/${s.id}`
      let stopping: Promise<unknown> | undefined
      const onToken = stop
        ? () => {
            stopping = call(`${url}/stop`, { method: 'POST', token: s.auth, ip: s.ip }).then(
              (r) => {
                if (r.status === 200) this.stopsLanded += 1
                else this.tally.error('stop', `${r.status} ${r.code ?? ''}`.trim(), r.text)
              },
            )
          }
        : undefined
      const body = { message: `Tell me about ${s.token}, turn ${i}. ${s.marker}` }
      const reply = await call(`${url}/messages`, {
        body,
        token: s.auth,
        ip: s.ip,
        sse: true,
        onToken,
      })
      await stopping
      this.record(op, reply, s)
    })
  }

  private read(s: VirtualSession) {
    return this.guarded('read', async () => {
      const url = `${this.options.baseUrl}/api/sessions/${s.id}`
      this.record('read', await call(url, { token: s.auth, ip: s.ip }), s)
    })
  }

  asks() {
    return this.phase('POST /api/ask', (s, i) => this.ask(s, i))
  }

  /** One tenant's private file (project scope, past the window) and two turns over it. */
  private upload(u: VirtualSession) {
    return this.guarded('upload', async () => {
      const url = `${this.options.baseUrl}/api/sessions/${u.id}`
      const file = {
        name: `notes-${u.token}.txt`,
        text: privateUploadText(`${u.token} ${this.secrets.get(u)}`, UPLOAD_CHARS, u.index),
        scope: 'project',
      }
      const stored = await call(`${url}/files`, { body: file, token: u.auth, ip: u.ip })
      this.record('upload', stored)
      if (stored.status !== 201) return
      this.uploadsStored += 1
      for (let i = 0; i < 2; i++) {
        const body = { message: `What do my notes say about ${u.token}, turn ${i}? ${u.marker}` }
        const opts = { body, token: u.auth, ip: u.ip, sse: true }
        this.record('uploader chat', await call(`${url}/messages`, opts), u)
      }
    })
  }

  /**
   * The asks phase again while `count` other tenants upload: half the asks probe an uploader's
   * marker (a public read that must never find it), half ask about the session's own token.
   */
  async asksDuringUploads(count: number): Promise<void> {
    const first = this.sessions.length
    const opened = Array.from({ length: count }, (_, i) => this.openOne(first + i, 78))
    this.uploaders = await Promise.all(opened)
    for (const u of this.uploaders) this.secrets.set(u, `sk${crypto.randomUUID().slice(0, 12)}`)
    let uploading = true
    const uploads = Promise.all(this.uploaders.map((u) => this.upload(u))).finally(() => {
      uploading = false
    })
    // The asks go on until every upload and its turns are done, so they meet the indexing.
    const ask = (s: VirtualSession, i: number) => {
      const probe = this.uploaders[(s.index + i) % count]
      const about = i % 2 === 0 && probe ? probe.token : s.token
      return this.ask(s, 200 + i, 'ask during uploads', about)
    }
    await this.phase('POST /api/ask + private uploads', ask, () => uploading)
    await uploads
  }

  mixed() {
    return this.phase('mixed', (s, i) => {
      const op = MIXED_OPS[(i + s.index) % MIXED_OPS.length]
      if (op === 'ask') return this.ask(s, 100 + i, 'ask in mix')
      if (op === 'read') return this.read(s)
      return this.chat(s, i, op === 'stop')
    })
  }
}
