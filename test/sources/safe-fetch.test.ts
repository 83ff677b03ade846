import { afterEach, describe, expect, it, vi } from 'vitest'
import { ProviderError, TooLargeError, ValidationError } from '../../workers/errors'
import { createSafeFetch } from '../../workers/sources'
import { hangingFetch, scriptedFetch, testConfig, textResponse } from './helpers'

afterEach(() => {
  vi.restoreAllMocks()
})

function redirect(location: string, status = 302) {
  return new Response(null, { status, headers: { location } })
}

describe('createSafeFetch refusals', () => {
  it.each([
    'file:///etc/passwd',
    'ftp://example.org/file',
    'javascript:alert(1)',
    'http://127.0.0.1/',
    'http://10.0.0.8:8080/admin',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://0x7f000001/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://localhost:8787/',
    'http://metadata.google.internal/',
    'http://user:pass@example.org/',
    'not a url',
  ])('refuses %s before any request', async (url) => {
    const spy = vi.spyOn(globalThis, 'fetch')
    const safeFetch = createSafeFetch(testConfig())
    const error = await safeFetch(url).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).message).toMatch(/^URL refused \(/)
    expect(spy).not.toHaveBeenCalled()
  })

  it('refuses a redirect into a private network', async () => {
    const { fetchImpl, calls } = scriptedFetch(redirect('http://192.168.0.1/router'))
    const safeFetch = createSafeFetch(testConfig(), { fetchImpl })
    await expect(safeFetch('https://example.org/go')).rejects.toBeInstanceOf(ValidationError)
    expect(calls).toHaveLength(1)
  })

  it('allows a private host:port listed in FETCH_ALLOW_HOSTS, and only that port', async () => {
    const { fetchImpl } = scriptedFetch(textResponse('ok', 'text/plain'))
    const safeFetch = createSafeFetch(testConfig({ FETCH_ALLOW_HOSTS: '127.0.0.1:8787' }), {
      fetchImpl,
    })
    const response = await safeFetch('http://127.0.0.1:8787/page')
    expect(response.text()).toBe('ok')
    await expect(safeFetch('http://127.0.0.1:8788/page')).rejects.toBeInstanceOf(ValidationError)
  })
})

describe('createSafeFetch requests', () => {
  it('fetches a public page with the global fetch, a polite User-Agent and manual redirects', async () => {
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(textResponse('<p>hi</p>', 'text/html; charset=utf-8'))
    const response = await createSafeFetch(testConfig())('https://example.org/a')
    expect(response).toMatchObject({
      url: 'https://example.org/a',
      status: 200,
      contentType: 'text/html',
    })
    expect(response.text()).toBe('<p>hi</p>')
    const init = spy.mock.calls[0]?.[1] as RequestInit
    expect(init.redirect).toBe('manual')
    expect((init.headers as Record<string, string>)['user-agent']).toBe(
      'Quire/0.1 (+https://github.com/quire; mailto:tests@quire.invalid)',
    )
  })

  it('follows redirects, re-checking each hop, and reports the final URL', async () => {
    const { fetchImpl, calls } = scriptedFetch(
      redirect('/b', 301),
      redirect('https://www.example.com/c', 307),
      textResponse('done', 'text/plain'),
    )
    const response = await createSafeFetch(testConfig(), { fetchImpl })('https://example.org/a')
    expect(calls.map((c) => c.url)).toEqual([
      'https://example.org/a',
      'https://example.org/b',
      'https://www.example.com/c',
    ])
    expect(response.url).toBe('https://www.example.com/c')
  })

  it('gives up after five redirects', async () => {
    const hops = Array.from({ length: 6 }, (_, i) => redirect(`https://example.org/${i + 1}`))
    const { fetchImpl } = scriptedFetch(...hops)
    const error = await createSafeFetch(testConfig(), { fetchImpl })('https://example.org/0').catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ProviderError)
    expect((error as ProviderError).provider).toBe('fetch')
  })

  it('refuses a body whose declared length exceeds maxBytes', async () => {
    const { fetchImpl } = scriptedFetch(
      textResponse('x'.repeat(2000), 'text/plain', 200, { 'content-length': '2000' }),
    )
    const safeFetch = createSafeFetch(testConfig(), { fetchImpl })
    await expect(safeFetch('https://example.org/big', { maxBytes: 1000 })).rejects.toBeInstanceOf(
      TooLargeError,
    )
  })

  it('stops reading a streamed body once it passes maxBytes', async () => {
    let pulled = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(400))
      },
    })
    const { fetchImpl } = scriptedFetch(
      new Response(stream, { headers: { 'content-type': 'text/plain' } }),
    )
    const safeFetch = createSafeFetch(testConfig(), { fetchImpl })
    await expect(
      safeFetch('https://example.org/endless', { maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(TooLargeError)
    expect(pulled).toBeLessThan(10)
  })

  it('turns a timeout into ProviderError("fetch")', async () => {
    const safeFetch = createSafeFetch(testConfig(), { fetchImpl: hangingFetch })
    const error = await safeFetch('https://example.org/slow', { timeoutMs: 20 }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ProviderError)
    expect((error as ProviderError).message).toContain('timed out after 20 ms')
  })

  it('turns a network failure into ProviderError("fetch")', async () => {
    const { fetchImpl } = scriptedFetch(new TypeError('connection reset'))
    const error = await createSafeFetch(testConfig(), { fetchImpl })('https://example.org/').catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ProviderError)
    expect((error as ProviderError).provider).toBe('fetch')
  })

  it("passes the caller's abort through instead of calling it an upstream failure", async () => {
    const controller = new AbortController()
    const safeFetch = createSafeFetch(testConfig(), { fetchImpl: hangingFetch })
    const pending = safeFetch('https://example.org/slow', { signal: controller.signal })
    controller.abort(new DOMException('stopped', 'AbortError'))
    const error = await pending.catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(ProviderError)
    expect((error as DOMException).name).toBe('AbortError')
  })
})
