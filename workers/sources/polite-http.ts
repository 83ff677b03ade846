// Fetch for trusted, configured APIs (arXiv, Crossref): a polite User-Agent, a per-attempt
// timeout, and up to 3 attempts (p-retry) with exponential backoff + jitter on 429/5xx and
// network errors, honouring Retry-After. Clock, sleeper, randomness and fetch are injectable.
import pRetry from 'p-retry'
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

/** A failed attempt p-retry may retry: a 429/5xx (its body released) or a network error. */
class TransientFailure extends Error {
  constructor(readonly outcome: Outcome) {
    super('transient upstream failure')
  }
}

// p-retry owns the attempts, the budget and the caller's abort. Its own timer is off
// (minTimeout 0): the wait is ours, because a Retry-After sets it and tests inject the sleeper.
async function fetchWithRetries(s: Settings, call: Call): Promise<Response> {
  return pRetry(
    async () => {
      await s.beforeAttempt?.(call.signal)
      const outcome = await attemptOnce(s, call)
      if ('error' in outcome) throw new TransientFailure(outcome)
      if (!isTransientStatus(outcome.response.status)) return outcome.response
      await outcome.response.body?.cancel()
      throw new TransientFailure(outcome)
    },
    {
      retries: s.maxAttempts - 1,
      minTimeout: 0,
      signal: call.signal,
      onFailedAttempt: async ({ error, attemptNumber, retriesLeft }) => {
        if (!(error instanceof TransientFailure)) throw error
        const wait = waitBefore(s, error.outcome, attemptNumber)
        if (retriesLeft === 0 || wait > s.maxDelayMs)
          throw describeFailure(s, error.outcome, attemptNumber)
        await s.sleep(wait, call.signal)
      },
    },
  )
}

/** Retry-After when the upstream names it, else exponential backoff with equal jitter. */
function waitBefore(s: Settings, outcome: Outcome, attempt: number): number {
  const step = s.baseDelayMs * 2 ** (attempt - 1)
  const backoff = Math.round(step / 2 + (s.random() * step) / 2)
  if (!('response' in outcome)) return backoff
  return parseRetryAfter(outcome.response.headers.get('retry-after'), s.now()) ?? backoff
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
