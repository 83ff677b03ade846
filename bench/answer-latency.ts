// Time to the sources packet and to the first answer token through the route users call:
// POST /api/ask (SSE) against `wrangler dev` with the default configuration (corpus search over
// the seeded demo corpus), its model pointed at the scripted fake with a fixed time to first
// token. A first question and a follow-up in the same session are timed; the fake's request
// log gives the model calls each made before its first token.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { createParser } from 'eventsource-parser'
import { startTarget, type Target } from './load'

const ROOT = path.resolve(import.meta.dirname, '..')

/** The demo corpus is a static asset of the UI build (as `npm start` builds it). */
function ensureUiBuild(log: (m: string) => void): void {
  if (existsSync(path.join(ROOT, 'web', 'dist', 'corpus', 'scifact.jsonl.gz'))) return
  log('building the UI (the demo corpus ships with it)…')
  const vite = path.join(ROOT, 'node_modules', '.bin', 'vite')
  const built = spawnSync(vite, ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  if (built.status !== 0) throw new Error('vite build failed')
}

export interface AskTimings {
  sources: number[]
  firstToken: number[]
  /** Model calls the fake had received when the first answer token arrived. */
  callsBefore: number[]
}

export interface AnswerLatency {
  firstTokenMs: number
  runs: number
  first: AskTimings
  followUp: AskTimings
}

export interface AnswerBenchOptions {
  firstTokenMs: number
  runs: number
  port: number
  fakePort?: number
  log: (message: string) => void
}

const FOLLOW_UP = 'What did the other studies on this find?'
/** 20 chunks 25 ms apart (~40 tokens a second). */
const STREAM = { chunks: 20, chunkDelayMs: 25 }

interface Packet {
  type: string
  result?: { mode?: string; fallbacks?: unknown[] }
}

/** Chat calls the fake received for this script between `from` and `to` (Unix ms). */
async function chatCalls(fakeUrl: string, key: string, from: number, to: number) {
  const res = await fetch(`${fakeUrl}/__requests?key=${encodeURIComponent(key)}`)
  const requests = (await res.json()) as { path: string; at?: number }[]
  return requests.filter(
    (r) => r.path.endsWith('/chat/completions') && (r.at ?? NaN) >= from && (r.at ?? NaN) <= to,
  ).length
}

export async function addScript(fakeUrl: string, steps: unknown[]): Promise<string> {
  const res = await fetch(`${fakeUrl}/__scripts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ steps }),
  })
  return ((await res.json()) as { key: string }).key
}

interface Timed {
  sources: number
  firstToken: number
  callsBefore: number
  done: NonNullable<Packet['result']>
  /** A new session's id and token (streams carry them in headers). */
  session: { id: string | null; token: string | null }
}

/** One ask over SSE: when the sources and the first token arrived, and the model calls by then. */
async function timedAsk(
  target: Target,
  key: string,
  body: Record<string, unknown>,
  token?: string,
): Promise<Timed> {
  const startedAt = Date.now()
  const started = performance.now()
  const res = await fetch(`${target.baseUrl}/api/ask`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
  if (!res.ok || !res.body) throw new Error(`/api/ask answered ${res.status}`)
  const seen: Partial<Timed> = {}
  let firstTokenAt = NaN
  const parser = createParser({
    onEvent: (event) => {
      const packet = JSON.parse(event.data) as Packet
      const at = performance.now() - started
      if (packet.type === 'sources') seen.sources ??= at
      if (packet.type === 'token' && seen.firstToken === undefined) {
        seen.firstToken = at
        firstTokenAt = Date.now()
      }
      if (packet.type === 'done') seen.done = packet.result ?? {}
    },
  })
  const text = new TextDecoder()
  for await (const chunk of res.body) parser.feed(text.decode(chunk, { stream: true }))
  if (!seen.done || seen.firstToken === undefined) throw new Error('the answer did not finish')
  if (seen.done.mode !== 'online') {
    throw new Error(`bench answer was ${seen.done.mode}: ${JSON.stringify(seen.done.fallbacks)}`)
  }
  return {
    sources: seen.sources ?? NaN,
    firstToken: seen.firstToken,
    callsBefore: await chatCalls(target.fakeUrl, key, startedAt, firstTokenAt),
    done: seen.done,
    session: {
      id: res.headers.get('x-quire-session-id'),
      token: res.headers.get('x-quire-session-token'),
    },
  }
}

async function waitForCorpus(baseUrl: string, log: (m: string) => void): Promise<void> {
  const ingest = await fetch(`${baseUrl}/api/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'demo_corpus' }),
  })
  if (!ingest.ok) throw new Error(`seeding the demo corpus was refused (${ingest.status})`)
  log('seeding the demo corpus…')
  const deadline = Date.now() + 600_000
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000))
    // While seeding, a health check can fail on a busy machine: ask again.
    const health = (await fetch(`${baseUrl}/health`)
      .then((res) => res.json())
      .catch(() => ({}))) as { corpus?: { state?: string; chunks?: number } }
    if (health.corpus?.state === 'ready' && (health.corpus.chunks ?? 0) > 0) return
  }
  throw new Error('the demo corpus was not seeded within 10 minutes')
}

function record(timings: AskTimings, run: Timed): void {
  timings.sources.push(run.sources)
  timings.firstToken.push(run.firstToken)
  timings.callsBefore.push(run.callsBefore)
}

/** A first question (a corpus title) and a follow-up, scripted: rewrite, answers, related. */
async function oneConversation(target: Target, question: string) {
  const key = await addScript(target.fakeUrl, [
    // Streamed at a model's pace, so the related-questions call starts after the first token.
    { reply: 'The first study found an effect [1], and a second one agreed [2].', ...STREAM },
    { forSchema: 'related_questions', json: { questions: ['What else?'] } },
    { forSchema: 'query_plan', json: { query: `${question} other studies`, task: 'qa' } },
    { reply: 'Other studies found a smaller effect [1].', ...STREAM },
    { forSchema: 'related_questions', json: { questions: ['What else?'] } },
  ])
  const marker = `[[fake:${key}]]`
  const first = await timedAsk(target, key, { query: `${question} ${marker}` })
  const session = { session_id: first.session.id, query: `${FOLLOW_UP} ${marker}` }
  const followUp = await timedAsk(target, key, session, first.session.token ?? undefined)
  return { first, followUp }
}

const TOPICS = [
  'Does vitamin D supplementation reduce fracture risk?',
  'How does p53 induce apoptosis?',
  'Do statins lower cardiovascular mortality?',
  'What is the role of FOXP3 in regulatory T cells?',
  'Does metformin lower blood glucose?',
  'How does Wnt signaling affect stem cells?',
  'Does BRCA1 mutation raise breast cancer risk?',
  'What causes insulin resistance in obesity?',
]

export async function answerLatency(options: AnswerBenchOptions): Promise<AnswerLatency> {
  ensureUiBuild(options.log)
  const target = await startTarget(options.port, options.log, {
    firstTokenMs: options.firstTokenMs,
    fakePort: options.fakePort,
  })
  const empty = (): AskTimings => ({ sources: [], firstToken: [], callsBefore: [] })
  const out: AnswerLatency = {
    firstTokenMs: options.firstTokenMs,
    runs: options.runs,
    first: empty(),
    followUp: empty(),
  }
  try {
    await waitForCorpus(target.baseUrl, options.log)
    await oneConversation(target, 'Is aspirin useful after a heart attack?') // warm-up
    for (let i = 0; i < options.runs; i++) {
      const topic = TOPICS[i % TOPICS.length] as string
      const run = await oneConversation(target, `${topic} (${i})`)
      record(out.first, run.first)
      record(out.followUp, run.followUp)
    }
  } finally {
    await target.stop()
  }
  return out
}
