// POST /api/ask as a user's client sends it (JSON in, JSON out), and what the reply shows:
// whether it answered from sources, which corpus abstracts it returned and which it cited.
// A reply abstains when it says so, lists no sources, or cites none of them (the same rule
// as ../shared/tools/grounding-check.mjs). A failed request is an error, never an answer.
import { createHash } from 'node:crypto'
import { citedNumbers } from '../../workers/grounding'

export interface AskReply {
  ok: boolean
  error?: string
  abstains: boolean
  /** `abstained: true` in the payload. */
  flagged: boolean
  answer: string
  reason?: string
  /** Corpus id of each returned source, in order (null: not a demo corpus abstract). */
  sources: (string | null)[]
  /** Corpus ids of the sources the answer cites. */
  cited: string[]
  sessionId?: string
  token?: string
  ms: number
}

interface AskPayload {
  answer?: string
  abstained?: boolean
  reason?: string
  sources?: { number?: number; sourceId?: string; url?: string }[]
  session_id?: string
  token?: string
}

/** Quire's source id of a demo corpus abstract: stableId('src', 'corpus', 'scifact:<id>'). */
export function sourceIdOf(corpusId: string): string {
  const digest = createHash('sha256').update(`corpus\u0000scifact:${corpusId}`).digest('hex')
  return `src_${digest.slice(0, 24)}`
}

const MAX_RETRIES = 5

export interface AskRequest {
  query: string
  sessionId?: string
  token?: string
  /** The client address the public rate limit keys on: each question is its own client. */
  clientIp: string
}

export async function ask(
  baseUrl: string,
  request: AskRequest,
  corpusIdOf: (sourceId: string) => string | null,
): Promise<AskReply> {
  const started = performance.now()
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'cf-connecting-ip': request.clientIp,
    ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
  }
  const body = JSON.stringify({
    query: request.query,
    ...(request.sessionId ? { session_id: request.sessionId } : {}),
  })
  const failed = (error: string): AskReply => ({
    ok: false,
    error,
    abstains: false,
    flagged: false,
    answer: '',
    sources: [],
    cited: [],
    ms: performance.now() - started,
  })
  for (let attempt = 0; ; attempt++) {
    let res: Response
    try {
      res = await fetch(`${baseUrl}/api/ask`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(120_000),
      })
    } catch (error) {
      return failed(`network: ${String(error)}`)
    }
    if (res.status === 429 && attempt < MAX_RETRIES) {
      await res.body?.cancel()
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 5)))
      continue
    }
    if (!res.ok) return failed(`http ${res.status}`)
    const payload = (await res.json()) as AskPayload
    return readReply(payload, corpusIdOf, performance.now() - started)
  }
}

function readReply(
  payload: AskPayload,
  corpusIdOf: (sourceId: string) => string | null,
  ms: number,
): AskReply {
  const sources = payload.sources ?? []
  const answer = payload.answer ?? ''
  const citedNumbersSet = new Set(citedNumbers(answer))
  // A library source links to /api/sources/<source id> (or names it in sourceId).
  const idOf = (s: { sourceId?: string; url?: string }) =>
    s.sourceId ?? /\bsrc_[0-9a-f]{24}\b/.exec(s.url ?? '')?.[0] ?? ''
  const numbered = sources.map((s, i) => ({ n: s.number ?? i + 1, id: idOf(s) }))
  const cited = numbered.filter((s) => citedNumbersSet.has(s.n))
  return {
    ok: true,
    abstains: payload.abstained === true || sources.length === 0 || cited.length === 0,
    flagged: payload.abstained === true,
    answer,
    ...(payload.reason ? { reason: payload.reason } : {}),
    sources: numbered.map((s) => corpusIdOf(s.id)),
    cited: cited.map((s) => corpusIdOf(s.id)).filter((id): id is string => id !== null),
    ...(payload.session_id ? { sessionId: payload.session_id } : {}),
    ...(payload.token ? { token: payload.token } : {}),
    ms,
  }
}
