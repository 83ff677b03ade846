// A test env whose deps answer arXiv from recorded fixtures and PDFs from test/fixtures/pdfs
// (no network), and request helpers for the papers routes.
import { env } from 'cloudflare:test'
import { vi } from 'vitest'
import { app } from '../../workers/app'
import { makeDeps, type Deps } from '../../workers/deps'
import { createScholarlyClients, type SafeFetch } from '../../workers/sources'
import { captureQueue, runBatch } from '../ingest/helpers'
import { arxivFixture, fakeClock, pdfFixture, testConfig } from '../sources/helpers'

/** Search requests get the recorded 15-paper feed; id look-ups an empty feed. */
function arxivFetch(urls: string[]) {
  return async (url: string) => {
    urls.push(url)
    const body = url.includes('search_query=')
      ? arxivFixture('q_testing_s0_m15')
      : arxivFixture('id_0000.0000')
    return new Response(body, { status: 200, headers: { 'content-type': 'application/atom+xml' } })
  }
}

/**
 * PDF links map to fixture PDFs (a name) or to an HTTP status the host answers (a number);
 * anything else is a 404.
 */
export type PdfHost = Map<string, string | number>

function pdfFetch(pdfs: PdfHost): SafeFetch {
  return async (url) => {
    const entry = pdfs.get(url) ?? 404
    const name = typeof entry === 'string' ? entry : null
    const body = name ? await pdfFixture(name) : new TextEncoder().encode(`HTTP ${entry}`)
    return {
      url,
      status: name ? 200 : Number(entry),
      headers: new Headers(),
      contentType: name ? 'application/pdf' : 'text/plain',
      body,
      text: () => new TextDecoder().decode(body),
    }
  }
}

export interface PapersEnv {
  env: typeof env
  arxivUrls: string[]
  request(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>
}

/**
 * Points `deps` at the recorded arXiv feed and the fixture PDFs (URLs it requests go to
 * `arxivUrls`); returns a function that puts the real ones back.
 */
export function useFixtureSources(deps: Deps, pdfs: PdfHost, arxivUrls: string[] = []): () => void {
  const { scholarly, safeFetch } = deps
  const clock = fakeClock()
  deps.scholarly = createScholarlyClients(testConfig(), {
    fetchImpl: arxivFetch(arxivUrls),
    now: clock.now,
    sleep: clock.sleep,
  })
  deps.safeFetch = pdfFetch(pdfs)
  return () => {
    deps.scholarly = scholarly
    deps.safeFetch = safeFetch
  }
}

export function papersEnv(pdfs: PdfHost = new Map()): PapersEnv {
  const testEnv = { ...env }
  const arxivUrls: string[] = []
  useFixtureSources(makeDeps(testEnv), pdfs, arxivUrls)
  return {
    env: testEnv,
    arxivUrls,
    request(path, init = {}) {
      const { token, json, ...rest } = init
      const headers = new Headers(rest.headers)
      if (token) headers.set('Authorization', `Bearer ${token}`)
      if (json !== undefined) headers.set('Content-Type', 'application/json')
      const body = json === undefined ? rest.body : JSON.stringify(json)
      return Promise.resolve(app.request(path, { ...rest, headers, body }, testEnv))
    },
  }
}

export { pdfFixture }

export interface PaperRow {
  id: string
  title: string
  status: string
  pages: number
  error?: string
  stored: boolean
}

/**
 * POST /api/papers/load with the queue captured, then the captured paper_pdf jobs run through
 * the real consumer with this env's deps (fixture PDFs); returns the 202 body and the
 * session's papers afterwards.
 */
export async function loadThroughQueue(
  world: PapersEnv,
  session: { sessionId: string; token: string },
  body: { ids?: string[]; indices?: number[] },
  /** The delivery the captured jobs run as (5 is the queue's last). */
  attempts = 1,
) {
  const sent = captureQueue()
  try {
    const res = await world.request('/api/papers/load', {
      method: 'POST',
      token: session.token,
      json: { session_id: session.sessionId, ...body },
    })
    const accepted = await res.json<{ papers: PaperRow[]; jobs: { job_id: string }[] }>()
    const outcome = await runBatch(
      sent.map((message) => ({ body: message, attempts })),
      { env: world.env },
    )
    const list = await world.request(`/api/papers/${session.sessionId}`, { token: session.token })
    const papers = (await list.json<{ papers: PaperRow[] }>()).papers
    return { status: res.status, accepted, outcome, papers }
  } finally {
    vi.restoreAllMocks()
  }
}
