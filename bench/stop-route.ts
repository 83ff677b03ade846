// Stop latency through the routes users call: a chat turn (POST /api/sessions/:id/messages)
// and an ask (POST /api/ask) stream over SSE from `wrangler dev` with the scripted model at a
// fixed pace a word; mid-answer (or while the model has not yet answered) the client sends
// POST /api/sessions/:id/stop and times its answer and the stream's close from that moment.
import { createParser } from 'eventsource-parser'
import { markerFor } from '../test/node/fake-openai/steps'
import { addScript } from './answer-latency'
import type { Target } from './load'

export interface StopTimings {
  /** From sending POST …/stop to its answer (ms). */
  answered: number[]
  /** From sending POST …/stop to the end of the answer's stream (ms). */
  closed: number[]
}

export interface StopPhase {
  name: string
  route: 'turn' | 'ask'
  /** The scripted model steps (the marker is added to the question). */
  steps: (wordMs: number) => unknown[]
  /** Stop after this many answer tokens (0: as soon as the stream has started). */
  afterTokens: number
}

const WORDS = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ')

export const STOP_PHASES: StopPhase[] = [
  {
    name: 'turn, model streaming',
    route: 'turn',
    steps: (ms) => [{ reply: `${WORDS} [1]`, chunks: 41, chunkDelayMs: ms }],
    afterTokens: 3,
  },
  {
    name: 'turn, model not yet answering',
    route: 'turn',
    steps: () => [{ reply: WORDS, delayMs: 10_000 }],
    afterTokens: 0,
  },
  {
    name: 'ask, model streaming',
    route: 'ask',
    steps: (ms) => [
      { reply: `${WORDS} [1]`, chunks: 41, chunkDelayMs: ms },
      { forSchema: 'related_questions', json: { questions: [] } },
    ],
    afterTokens: 3,
  },
]

interface Credentials {
  id: string
  token: string
}

async function createSession(baseUrl: string): Promise<Credentials> {
  const res = await fetch(`${baseUrl}/api/sessions`, { method: 'POST' })
  const body = (await res.json()) as { session_id: string; token: string }
  return { id: body.session_id, token: body.token }
}

function startStream(
  target: Target,
  phase: StopPhase,
  session: Credentials | null,
  marker: string,
) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    ...(session ? { authorization: `Bearer ${session.token}` } : {}),
  }
  const question = `Tell me about bone density ${marker}`
  if (phase.route === 'turn' && session) {
    return fetch(`${target.baseUrl}/api/sessions/${session.id}/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ message: question, tools: [] }),
    })
  }
  // An ask without a session_id is a first question in a session the route creates.
  return fetch(`${target.baseUrl}/api/ask`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query: question }),
  })
}

/** The session a run went to: the one given, or the one the ask created (its headers). */
function sessionOf(res: Response, given: Credentials | null): Credentials {
  if (given) return given
  const id = res.headers.get('X-Quire-Session-Id')
  const token = res.headers.get('X-Quire-Session-Token')
  if (!id || !token) throw new Error('the ask named no session')
  return { id, token }
}

/** Waits until the session holds no run (a stopped runner may still be unwinding). */
async function untilIdle(baseUrl: string, session: Credentials): Promise<void> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/sessions/${session.id}`, {
      headers: { authorization: `Bearer ${session.token}` },
    })
    const body = (await res.json()) as { running?: unknown }
    if (body.running === null) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('the stopped run still held the session after 10 s')
}

/** One streamed answer stopped after `afterTokens` tokens: stop's answer and the close (ms). */
async function oneStop(
  target: Target,
  phase: StopPhase,
  given: Credentials | null,
  marker: string,
) {
  if (given) await untilIdle(target.baseUrl, given)
  const res = await startStream(target, phase, given, marker)
  if (!res.ok || !res.body) throw new Error(`${phase.route} answered ${res.status}`)
  const session = sessionOf(res, given)
  let tokens = 0
  let last = ''
  let stopSentAt = NaN
  let answered: Promise<number> | undefined
  const sendStop = () => {
    stopSentAt = performance.now()
    answered = fetch(`${target.baseUrl}/api/sessions/${session.id}/stop`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}` },
    }).then(async (stop) => {
      const at = performance.now() - stopSentAt
      const body = (await stop.json()) as { stopped?: boolean }
      if (!body.stopped) throw new Error(`${phase.name}: stop found no run (${tokens} tokens seen)`)
      return at
    })
  }
  const parser = createParser({
    onEvent: (event) => {
      const packet = JSON.parse(event.data) as { type: string }
      last = event.data
      if (packet.type === 'token') tokens += 1
      if (!answered && tokens >= phase.afterTokens && packet.type === 'token') sendStop()
    },
  })
  // A stream that has not begun its answer is stopped once its headers are here.
  if (phase.afterTokens === 0) setTimeout(sendStop, 300)
  const text = new TextDecoder()
  for await (const chunk of res.body) parser.feed(text.decode(chunk, { stream: true }))
  const closed = performance.now() - stopSentAt
  if (!answered) throw new Error(`${phase.name}: the answer ended before it was stopped: ${last}`)
  return { answered: await answered, closed }
}

const SEED_TEXT =
  'Daily vitamin D supplementation raised bone density in older adults over two years. ' +
  'The trial recruited four hundred volunteers and measured lumbar bone density twice. ' +
  'Bone density fell in the placebo group, while it held in those taking vitamin D.'

/** One library source the asks can find and cite (ingested through the route, then searched). */
export async function seedStopSource(target: Target): Promise<void> {
  const res = await fetch(`${target.baseUrl}/api/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'text', title: 'Vitamin D and bone density', text: SEED_TEXT }),
  })
  if (!res.ok) throw new Error(`ingest answered ${res.status}: ${await res.text()}`)
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const health = (await fetch(`${target.baseUrl}/health`)
      .then((r) => r.json())
      .catch(() => ({}))) as { corpus?: { chunks?: number } }
    if ((health.corpus?.chunks ?? 0) > 0) return
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('the seeded source was not indexed within a minute')
}

/**
 * Round trips of GET `path` (ms), beside the stops. An unmatched path passes every middleware
 * and nothing else: the floor any request through wrangler dev meets on this machine at this
 * moment, so a stop figure reads as that floor plus the stop's own work; /health adds its checks.
 */
export async function roundTrips(target: Target, path: string, runs: number): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const sentAt = performance.now()
    await (await fetch(`${target.baseUrl}${path}`)).text()
    times.push(performance.now() - sentAt)
  }
  return times
}

/** Stop timings of `runs` stopped answers per phase, after one warm-up each. */
export async function stopThroughRoutes(
  target: Target,
  options: { runs: number; wordMs: number; phases?: StopPhase[] },
): Promise<Map<string, StopTimings>> {
  const out = new Map<string, StopTimings>()
  for (const phase of options.phases ?? STOP_PHASES) {
    // A chat turn's phase keeps one session (one a run would pass the public rate limit of 60
    // a minute); so one script a phase too: the fake follows the first marker in the history,
    // and every question of the phase carries the same one. An ask is a first question each.
    const session = phase.route === 'turn' ? await createSession(target.baseUrl) : null
    const steps = Array.from({ length: options.runs + 1 }, () => phase.steps(options.wordMs))
    const marker = markerFor(await addScript(target.fakeUrl, steps.flat()))
    await oneStop(target, phase, session, marker)
    const timings: StopTimings = { answered: [], closed: [] }
    for (let i = 0; i < options.runs; i++) {
      const run = await oneStop(target, phase, session, marker)
      timings.answered.push(run.answered)
      timings.closed.push(run.closed)
    }
    out.set(phase.name, timings)
  }
  return out
}
