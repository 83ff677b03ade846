// Fetch for trusted, configured APIs (arXiv, Crossref): a polite User-Agent, a per-attempt
// timeout, and up to 3 attempts with exponential backoff + jitter on 429/5xx and network
// errors, honouring Retry-After. Clock, sleeper, randomness and fetch are injectable for tests.
import { ProviderError } from '../errors'
import { isTransientStatus } from './source-errors'

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>
export type Sleeper = (ms: number, signal?: AbortSignal) => Promise<void>

export interface PoliteHttpOptions {
  /** Names the upstream in ProviderError ('arxiv', 'crossref'). */
  provider: string
  userAgent: string
  fetchImpl?: FetchLike
  sleep?: Sleeper
  random?: () => number
  now?: () => number
  /** Per attempt; default 15 s. */
  timeoutMs?: number
  /** Default 3. */
  maxAttempts?: number
  /** First backoff step; default 1 s, doubling each attempt. */
  baseDelayMs?: number
  /** A Retry-After longer than this is not waited for; default 20 s. */
  maxDelayMs?: number
  /** Called before every attempt, retries included (rate limits count every request). */
  beforeAttempt?: (signal?: AbortSignal) => Promise<void>
}

export interface PoliteRequest {
  headers?: Record<string, string>
}

/** Returns the first non-retryable response (any status); throws ProviderError when retries run out. */
export type PoliteFetch = (
  url: string,
  request?: PoliteRequest,
  signal?: AbortSignal,
) => Promise<Response>

export function politeUserAgent(contactEmail: string): string {
  return `Quire/0.1 (+https://github.com/quire; mailto:${contactEmail})`
}

export const defaultSleep: Sleeper = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(signal.reason)
      },
      { once: true },
    )
  })

const globalFetch: FetchLike = (input, init) => globalThis.fetch(input, init)

/** Retry-After as milliseconds (delta-seconds or an HTTP date), or null when absent/unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

type Settings = Required<Omit<PoliteHttpOptions, 'beforeAttempt'>> &
  Pick<PoliteHttpOptions, 'beforeAttempt'>

interface Call {
  url: string
  headers: Record<string, string>
  signal?: AbortSignal
}

type Outcome = { response: Response } | { error: unknown; timedOut: boolean }

export function createPoliteFetch(options: PoliteHttpOptions): PoliteFetch {
  const settings: Settings = {
    ...options,
    fetchImpl: options.fetchImpl ?? globalFetch,
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
    now: options.now ?? Date.now,
    timeoutMs: options.timeoutMs ?? 15_000,
    maxAttempts: options.maxAttempts ?? 3,
    baseDelayMs: options.baseDelayMs ?? 1000,
    maxDelayMs: options.maxDelayMs ?? 20_000,
  }
  return (url, request = {}, signal) =>
    fetchWithRetries(settings, {
      url,
      headers: { 'user-agent': settings.userAgent, ...request.headers },
      signal,
    })
}

async function fetchWithRetries(s: Settings, call: Call): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    call.signal?.throwIfAborted()
    await s.beforeAttempt?.(call.signal)
    const outcome = await attemptOnce(s, call)
    if ('response' in outcome && !isTransientStatus(outcome.response.status))
      return outcome.response
    const step = s.baseDelayMs * 2 ** (attempt - 1)
    let wait = Math.round(step / 2 + (s.random() * step) / 2)
    if ('response' in outcome) {
      wait = parseRetryAfter(outcome.response.headers.get('retry-after'), s.now()) ?? wait
      await outcome.response.body?.cancel()
    }
    if (attempt >= s.maxAttempts || wait > s.maxDelayMs) throw describeFailure(s, outcome, attempt)
    await s.sleep(wait, call.signal)
  }
}

async function attemptOnce(s: Settings, call: Call): Promise<Outcome> {
  const timeout = AbortSignal.timeout(s.timeoutMs)
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout
  try {
    return {
      response: await s.fetchImpl(call.url, { method: 'GET', headers: call.headers, signal }),
    }
  } catch (error) {
    // The caller stopping is not an upstream failure: let the abort reason through.
    if (call.signal?.aborted) throw call.signal.reason
    return { error, timedOut: timeout.aborted }
  }
}

function describeFailure(s: Settings, outcome: Outcome, attempts: number): ProviderError {
  if ('response' in outcome) {
    const status = outcome.response.status
    return new ProviderError(
      s.provider,
      `${s.provider} answered HTTP ${status} (${attempts} attempts)`,
      {
        retryable: true,
        details: { status },
      },
    )
  }
  const what = outcome.timedOut ? `timed out after ${s.timeoutMs} ms` : 'could not be reached'
  return new ProviderError(s.provider, `${s.provider} ${what} (${attempts} attempts)`, {
    cause: outcome.error,
    retryable: true,
  })
}
