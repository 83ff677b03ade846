// Types of the guarded fetch used for every user- or model-chosen URL (pages, og:image, PDFs).

export interface SafeFetchOptions {
  /** Default 8 s. */
  timeoutMs?: number
  /** Default 5 MiB; larger bodies are refused, not truncated. */
  maxBytes?: number
  signal?: AbortSignal
  headers?: Record<string, string>
}

export interface SafeResponse {
  /** Final URL after (re-checked) redirects. */
  url: string
  status: number
  headers: Headers
  contentType: string
  body: Uint8Array
  text(): string
}

/** Rejects non-http(s), private/loopback/link-local hosts, oversize bodies and timeouts (ProviderError/ValidationError). */
export type SafeFetch = (url: string, options?: SafeFetchOptions) => Promise<SafeResponse>
