// Helpers of the browser test: the browser each page's test runs in, screenshots, status-line
// recording, network throttling, /health latency polling and stopping the fake model server.
import path from 'node:path'
import {
  chromium,
  type Browser,
  type BrowserContextOptions,
  type CDPSession,
  type Page,
} from 'playwright-core'

const artifacts = process.env.E2E_ARTIFACTS ?? path.resolve(import.meta.dirname, 'artifacts')

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true })

export const STEP_TIMEOUT_MS = 30_000

/**
 * Context options under which a browser test is a visitor of its own. Quire's public rate limit
 * counts requests per client address (CF-Connecting-IP, which wrangler dev passes through), and
 * every browser test calls from 127.0.0.1: a busy test that presents its own address (from the
 * documentation range 198.51.100.0/24) cannot use up the budget of the test after it. For
 * same-origin pages only: on a cross-origin call the extra header would need a CORS preflight.
 */
export const asOwnClient = (hostByte: number): BrowserContextOptions => ({
  extraHTTPHeaders: { 'CF-Connecting-IP': `198.51.100.${hostByte}` },
})
/** Debian's chromium, headless, never reaching out on its own. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Runs one page's checks in a fresh browser with STEP_TIMEOUT_MS per step. On failure a
 * full-page screenshot `<failureShot>.png` is saved before the error goes on; the browser is
 * always closed.
 */
export async function runInBrowser(
  failureShot: string,
  viewport: { width: number; height: number },
  checks: (page: Page, browser: Browser) => Promise<void>,
  contextOptions: BrowserContextOptions = {},
): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
    timeout: STEP_TIMEOUT_MS,
  })
  const page = await browser.newPage({ ...contextOptions, viewport })
  page.setDefaultTimeout(STEP_TIMEOUT_MS)
  try {
    await checks(page, browser)
  } catch (error) {
    await shot(page, failureShot).catch(() => undefined)
    throw error
  } finally {
    await browser.close()
  }
}

/**
 * Records every text the status line of turn `n` shows. In-page code is a string: tsx would
 * otherwise wrap named functions in a helper that does not exist in the page.
 */
export async function watchStatuses(page: Page, turn: number): Promise<void> {
  await page.evaluate(`(() => {
    const seen = []
    window.statuses_${turn} = seen
    new MutationObserver(() => {
      const text = document.querySelector('#turn-${turn} .status')?.textContent ?? ''
      if (text && seen[seen.length - 1] !== text) seen.push(text)
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })()`)
}

export const statusesOf = (page: Page, turn: number) =>
  page.evaluate(`window.statuses_${turn} ?? []`) as Promise<string[]>

/** Polls /health from Node every ~200 ms while seeding runs; returns the latencies seen. */
export async function healthLatencies(base: string, isDone: () => boolean): Promise<number[]> {
  const seen: number[] = []
  for (let i = 0; i < 3000 && !isDone(); i += 1) {
    const started = performance.now()
    // A failed poll counts with the time it took (a refused or dropped request is not quick).
    await fetch(`${base}/health`, { signal: AbortSignal.timeout(30_000) })
      .then((r) => r.text())
      .catch((error: unknown) => console.log(`[e2e] /health poll failed: ${String(error)}`))
    seen.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return seen
}

/** Stops the fake model's process group and waits until its port refuses connections. */
export async function stopModelServer(model: { pid: number; url: string }): Promise<void> {
  const { pid, url: modelUrl } = model
  if (!(pid > 0 && modelUrl)) throw new Error('run.mjs passes the fake model server')
  process.kill(-pid, 'SIGTERM')
  for (let i = 0; i < 100; i += 1) {
    const up = await fetch(`${modelUrl}/v1/models`).then(
      () => true,
      () => false,
    )
    if (!up) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the fake model server did not stop')
}

// One DevTools session per page: conditions are kept per session, so lifting a throttle
// through a second session left the first one's 250 B/s in force (a reload then took a minute).
const throttleSessions = new WeakMap<Page, Promise<CDPSession>>()

/** Slows responses to `bytesPerSecond` so streamed packets arrive one by one, as over a slow link. */
export async function throttle(page: Page, bytesPerSecond: number | null): Promise<void> {
  let session = throttleSessions.get(page)
  if (!session) {
    session = page.context().newCDPSession(page)
    throttleSessions.set(page, session)
  }
  const cdp = await session
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: bytesPerSecond ? 20 : 0,
    downloadThroughput: bytesPerSecond ?? -1,
    uploadThroughput: -1,
  })
}

/** Pages that quote the knowledge base wait until the demo library is in (run.mjs seeds it). */
export async function libraryReady(base: string): Promise<void> {
  const deadline = Date.now() + 10 * 60_000
  while (Date.now() < deadline) {
    const health = (await (await fetch(`${base}/health`)).json()) as { corpus?: { state?: string } }
    if (health.corpus?.state === 'ready') return
    await new Promise((resolve) => setTimeout(resolve, 2_000))
  }
  throw new Error('the demo library did not finish loading')
}

/** The page never scrolls sideways: its content is no wider than the viewport. */
export async function assertNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { content, viewport } = (await page.evaluate(
    '({ content: document.documentElement.scrollWidth, viewport: window.innerWidth })',
  )) as { content: number; viewport: number }
  if (content > viewport)
    throw new Error(`${label}: the page is ${content}px wide at ${viewport}px`)
}

/** The id and token of a session this browser lists (localStorage), for checks through the API. */
export async function listedSession(
  page: Page,
  id: string,
): Promise<{ id: string; token: string }> {
  const token = (await page.evaluate(
    `JSON.parse(localStorage.getItem('quire.sessions') ?? '[]').find((s) => s.id === ${JSON.stringify(id)})?.token ?? ''`,
  )) as string
  if (!token) throw new Error(`this browser lists no session ${id}`)
  return { id, token }
}

/** The session id in the page's address (`#/<mode>/<id>`). */
export function sessionInUrl(page: Page): string {
  const id = /#\/[a-z]+\/([0-9a-f-]{36})/.exec(page.url())?.[1]
  if (!id) throw new Error(`no session in ${page.url()}`)
  return id
}
