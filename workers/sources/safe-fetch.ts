// The guarded fetch for user- or model-chosen URLs (pages, og:image, PDFs): http(s) only, no
// private/loopback/link-local/metadata hosts, redirects followed by hand and re-checked at
// every hop (max 5), one deadline for the whole exchange, bodies streamed and capped.
//
// Why a literal-address check is enough: Workers cannot resolve DNS before fetch, so a public
// name pointing at 10.0.0.1 is not caught here. Deployed, that is acceptable: a Worker's
// fetch leaves from Cloudflare's edge, which has no route into the operator's private networks
// and no cloud metadata service. Under `wrangler dev` fetch leaves from the laptop; there the
// check stops the obvious cases (literal addresses in any notation, localhost/internal names).
import type { Config } from '../config'
import { AppError, ProviderError, TooLargeError, ValidationError } from '../errors'
import { isBlockedHost } from './address-guard'
import { politeUserAgent, type FetchLike } from './polite-http'
import type { SafeFetch, SafeFetchOptions, SafeResponse } from './safe-fetch-types'

const DEFAULT_TIMEOUT_MS = 8_000
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024
const MAX_REDIRECTS = 5
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/pdf;q=0.9,*/*;q=0.8'

export interface SafeFetchDeps {
  /** Defaults to the global fetch, looked up per call so tests can spy on it. */
  fetchImpl?: FetchLike
}

interface FetchContext {
  allow: ReadonlySet<string>
  fetchImpl: FetchLike
  headers: Record<string, string>
  signal: AbortSignal
}

function refuse(reason: string, message: string, cause?: unknown): ValidationError {
  return new ValidationError(`URL refused (${reason}): ${message}`, { details: { reason }, cause })
}

function hostPort(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  return `${url.hostname}:${port}`.toLowerCase()
}

/** Parses and vets one URL (the first or a redirect target); throws ValidationError when refused. */
export function checkFetchUrl(raw: string, allow: ReadonlySet<string> = new Set()): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch (error) {
    throw refuse('invalid_url', 'not an absolute URL', error)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refuse('scheme', `only http and https can be fetched, not ${url.protocol}`)
  }
  if (url.username || url.password)
    throw refuse('credentials', 'URLs with credentials are not fetched')
  if (allow.has(hostPort(url))) return url
  if (isBlockedHost(url.hostname)) {
    throw refuse(
      'private_host',
      `${url.hostname} is a private, loopback, link-local or internal host`,
    )
  }
  return url
}

export function createSafeFetch(config: Config, deps: SafeFetchDeps = {}): SafeFetch {
  const allow = new Set(config.security.fetchAllowHosts.map((h) => h.toLowerCase()))
  const fetchImpl: FetchLike = deps.fetchImpl ?? ((input, init) => globalThis.fetch(input, init))
  const userAgent = politeUserAgent(config.sources.contactEmail)
  return async (rawUrl, options: SafeFetchOptions = {}) => {
    const first = checkFetchUrl(rawUrl, allow)
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    const deadline = AbortSignal.timeout(timeoutMs)
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline
    const headers = { 'user-agent': userAgent, accept: DEFAULT_ACCEPT, ...options.headers }
    try {
      const { url, response } = await followRedirects(first, { allow, fetchImpl, headers, signal })
      const body = await readCapped(response, options.maxBytes ?? DEFAULT_MAX_BYTES, signal)
      return toSafeResponse(url, response, body)
    } catch (error) {
      if (error instanceof AppError) throw error
      // The caller stopping (turn stopped) is not a fetch failure: let its reason through.
      if (options.signal?.aborted) throw options.signal.reason
      const what = deadline.aborted ? `timed out after ${timeoutMs} ms` : 'could not be fetched'
      throw new ProviderError('fetch', `${first.host} ${what}`, { cause: error, retryable: true })
    }
  }
}

async function followRedirects(start: URL, ctx: FetchContext) {
  let url = start
  for (let hop = 0; ; hop++) {
    const init: RequestInit = {
      method: 'GET',
      headers: ctx.headers,
      redirect: 'manual',
      signal: ctx.signal,
    }
    const response = await ctx.fetchImpl(url.toString(), init)
    const location = response.headers.get('location')
    if (!REDIRECT_STATUSES.has(response.status) || !location) return { url, response }
    await response.body?.cancel()
    if (hop >= MAX_REDIRECTS) {
      throw new ProviderError('fetch', `${start.host} redirected more than ${MAX_REDIRECTS} times`)
    }
    url = checkFetchUrl(new URL(location, url).toString(), ctx.allow)
  }
}

async function readCapped(response: Response, maxBytes: number, signal: AbortSignal) {
  const tooLarge = () =>
    new TooLargeError(`Response body exceeds ${maxBytes} bytes`, { details: { maxBytes } })
  const declared = Number(response.headers.get('content-length') ?? NaN)
  if (declared > maxBytes) {
    await response.body?.cancel()
    throw tooLarge()
  }
  if (!response.body) return new Uint8Array()
  const reader = response.body.getReader()
  const onAbort = () => void reader.cancel().catch(() => undefined)
  signal.addEventListener('abort', onAbort, { once: true })
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      // A cancelled read ends "done": never mistake a cut-off body for a complete one.
      signal.throwIfAborted()
      if (done) break
      total += value.byteLength
      if (total > maxBytes) {
        await reader.cancel()
        throw tooLarge()
      }
      chunks.push(value)
    }
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
  return concat(chunks, total)
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}

function toSafeResponse(url: URL, response: Response, body: Uint8Array): SafeResponse {
  const rawType = response.headers.get('content-type') ?? ''
  const charset = /charset=["']?([\w-]+)/i.exec(rawType)?.[1] ?? 'utf-8'
  return {
    url: url.toString(),
    status: response.status,
    headers: response.headers,
    contentType: (rawType.split(';')[0] ?? '').trim().toLowerCase(),
    body,
    text: () => decodeText(body, charset),
  }
}

function decodeText(body: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset).decode(body)
  } catch {
    // Unknown labels (workerd supports few legacy encodings): UTF-8 is the web's default.
    return new TextDecoder().decode(body)
  }
}
