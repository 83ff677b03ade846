// Fetches web pages through the guarded fetch: readable text + card metadata for ingestion
// and answers, and the og:image lookup used to illustrate sources (never throws).
import { ValidationError } from '../errors'
import { toIsoDate } from './domain-filter'
import { parseHtmlDocument } from './html-document'
import type { SafeFetch } from './safe-fetch-types'
import { assertFetchOk } from './source-errors'

export interface ReadablePage {
  /** Final URL after redirects. */
  url: string
  title: string
  text: string
  description: string
  image: string | null
  publishedAt: string | null
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml', ''])
const IMAGE_MAX_BYTES = 2 * 1024 * 1024

/** Fetches `url` and returns its readable text; non-HTML answers are a ValidationError. */
export async function fetchReadablePage(
  safeFetch: SafeFetch,
  url: string,
  signal?: AbortSignal,
): Promise<ReadablePage> {
  const response = await safeFetch(url, {
    signal,
    headers: { accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8' },
  })
  assertFetchOk(response)
  const fallbackTitle = new URL(response.url).hostname
  if (response.contentType === 'text/plain') {
    const text = response.text().replace(/\r\n?/g, '\n').trim()
    return {
      url: response.url,
      title: fallbackTitle,
      text,
      description: '',
      image: null,
      publishedAt: null,
    }
  }
  if (!HTML_TYPES.has(response.contentType)) {
    throw new ValidationError(`Not a web page (${response.contentType}): ${fallbackTitle}`, {
      details: { contentType: response.contentType },
    })
  }
  const page = parseHtmlDocument(response.text(), response.url)
  return {
    url: response.url,
    title: page.title || fallbackTitle,
    text: page.text,
    description: page.description,
    image: page.metaImage ?? page.firstImage,
    publishedAt: toIsoDate(page.publishedAt) ?? null,
  }
}

/**
 * The picture that represents a page: og:image (or twitter:image), else the first <img> whose
 * src resolves to an absolute http(s) URL. Any failure (refused URL, timeout, not HTML) is null.
 */
export async function findPageImage(
  safeFetch: SafeFetch,
  url: string,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<string | null> {
  try {
    const response = await safeFetch(url, {
      timeoutMs: options.timeoutMs ?? 3000,
      maxBytes: IMAGE_MAX_BYTES,
      signal: options.signal,
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9' },
    })
    if (response.status < 200 || response.status > 299 || !HTML_TYPES.has(response.contentType))
      return null
    const page = parseHtmlDocument(response.text(), response.url)
    return page.metaImage ?? page.firstImage
  } catch {
    return null
  }
}
