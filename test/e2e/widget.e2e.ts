// Browser test of the embeddable widget (run by run.mjs with WIDGET_ORIGINS naming
// http://127.0.0.1:<WIDGET_HOST_PORT> and WIDGET_PUBLIC_KEYS holding the page's data-key): a
// page on that second origin, with hostile CSS, embeds /widget.js; the widget asks, streams
// status, answer and citations, keeps its session in sessionStorage and sets no cookie, and a
// 3,990-character word wraps inside it on a phone; the same page served as
// http://localhost:<port> (an origin not on the list) is refused, and the widget says why in
// the server's words; Esc closes the open panel and focuses the launcher at 1280×800 and
// 390×844. (Its Stop: stop.e2e.ts, against a slowly streaming model.)
import assert from 'node:assert/strict'
import { chromium, type Browser, type Page } from 'playwright-core'
import { seriousViolations } from './axe'
import { shot } from './helpers'
import { askTheWidget, closeHostPage, serveHostPage } from './widget-host'

const base = process.env.QUIRE_URL ?? 'http://127.0.0.1:8787'
const hostPort = Number(process.env.WIDGET_HOST_PORT ?? 8792)
const widgetKey = process.env.WIDGET_KEY ?? 'qw_pub_e2e'
const STEP_TIMEOUT_MS = 30_000
const ANSWER_TIMEOUT_MS = 120_000
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run']

async function askFromAllowedOrigin(browser: Browser): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } })
  page.setDefaultTimeout(STEP_TIMEOUT_MS)
  const statuses: string[] = []
  await page.exposeFunction('recordStatus', (text: string) => statuses.push(text))
  await page.goto(`http://127.0.0.1:${hostPort}/`)
  const bubble = page.locator('quire-widget .bubble')
  await bubble.click()
  await page.locator('quire-widget textarea').fill('How does vitamin D affect calcium absorption?')
  await page.evaluate(`(() => {
    const root = document.querySelector('quire-widget').shadowRoot
    new MutationObserver(() => {
      const s = root.querySelector('.a:last-of-type .status')
      if (s) window.recordStatus(s.textContent)
    }).observe(root, { subtree: true, childList: true, characterData: true })
  })()`)
  await page.locator('quire-widget .send').click()
  const answer = page.locator('quire-widget .a').first()
  try {
    await page
      .locator('quire-widget .a[data-state="done"]')
      .first()
      .waitFor({ timeout: ANSWER_TIMEOUT_MS })
  } finally {
    // Printed on failure too: which status the answer stopped at says why.
    console.log(`[e2e] widget statuses: ${[...new Set(statuses)].join(' | ')}`)
    console.log(`[e2e] widget answer state: ${await answer.getAttribute('data-state')}`)
  }
  assert.ok(new Set(statuses).size >= 2, 'the status line moved while streaming')
  assert.ok((await answer.locator('sup.cite').count()) >= 1, 'the answer carries citations')
  assert.ok((await answer.locator('.srcs li').count()) >= 1, 'its sources are listed')
  assert.match(
    (await page.locator('quire-widget .badge').textContent()) ?? '',
    /Online|Degraded|Offline/,
  )
  const fontSize = await bubble.evaluate((el) => getComputedStyle(el).fontSize)
  assert.notEqual(fontSize, '30px', 'the host page’s CSS does not reach the widget')
  const stored = (await page.evaluate(
    `Object.keys(sessionStorage).filter((k) => k.startsWith('quire.widget.session'))`,
  )) as string[]
  assert.equal(stored.length, 1, 'the session is kept in the host page’s sessionStorage')
  assert.equal(await page.evaluate('document.cookie'), '', 'no cookies')
  assert.equal((await page.context().cookies()).length, 0, 'no cookies in the browser at all')
  await shot(page, 'widget')
  const found = await seriousViolations(page, 'widget')
  assert.deepEqual(found, [], 'axe on the widget')
  // A follow-up stays in the same session.
  const before = await page.evaluate(`sessionStorage.getItem(${JSON.stringify(stored[0])})`)
  await page.locator('quire-widget textarea').fill('What blood level of it is adequate?')
  await page.locator('quire-widget .send').click()
  await page
    .locator('quire-widget .a[data-state="done"]')
    .nth(1)
    .waitFor({ timeout: ANSWER_TIMEOUT_MS })
  const after = await page.evaluate(`sessionStorage.getItem(${JSON.stringify(stored[0])})`)
  assert.equal(after, before, 'the follow-up used the stored session')
  await page.close()
}

/** On a phone, a 3,990-character word wraps inside the widget's answer. */
async function longWordWraps(browser: Browser): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true })
  page.setDefaultTimeout(STEP_TIMEOUT_MS)
  await page.goto(`http://127.0.0.1:${hostPort}/`)
  const answer = await askTheWidget(page, `Is calcium${'x'.repeat(3983)} safe?`, 0)
  await answer
    .and(page.locator('quire-widget .a:is([data-state="done"], [data-state="error"])'))
    .waitFor({ timeout: ANSWER_TIMEOUT_MS })
  const sizes = (await page.evaluate(`(() => {
    const log = document.querySelector('quire-widget').shadowRoot.querySelector('.log')
    return { log: log.scrollWidth, box: log.clientWidth, page: document.documentElement.scrollWidth }
  })()`)) as { log: number; box: number; page: number }
  assert.ok(
    sizes.log <= sizes.box,
    `the widget's log does not scroll sideways: ${JSON.stringify(sizes)}`,
  )
  assert.ok(sizes.page <= 390, `the host page does not scroll sideways: ${sizes.page}px`)
  await page.screenshot({
    path: `${process.env.E2E_ARTIFACTS ?? 'test/e2e/artifacts'}/widget-390.png`,
  })
  await page.close()
}

/** Where focus is and whether the panel is open, read inside the widget's shadow root. */
const widgetFocus = (page: Page) =>
  page.evaluate(`(() => {
    const root = document.querySelector('quire-widget').shadowRoot
    return { open: !root.querySelector('.panel').hidden, focused: root.activeElement?.className ?? null }
  })()`) as Promise<{ open: boolean; focused: string | null }>

/**
 * Esc closes the open panel and puts focus back on the launcher, wherever focus was left in
 * it: in the field, on the answer's text (a click there leaves focus on the host page's body),
 * or on the Ask button that was disabled while the answer streamed.
 */
async function escapeCloses(browser: Browser, viewport: { width: number; height: number }) {
  const page = await browser.newPage({ viewport })
  page.setDefaultTimeout(STEP_TIMEOUT_MS)
  await page.goto(`http://127.0.0.1:${hostPort}/`)
  const bubble = page.locator('quire-widget .bubble')
  const size = `${viewport.width}`
  const closesFrom = async (where: string) => {
    assert.equal((await widgetFocus(page)).open, true, `${size}: open before Esc (${where})`)
    await page.keyboard.press('Escape')
    assert.deepEqual(
      await widgetFocus(page),
      { open: false, focused: 'bubble' },
      `${size}: Esc from ${where} closes the panel and focuses the launcher`,
    )
    assert.equal(await bubble.getAttribute('aria-expanded'), 'false')
  }
  await bubble.click()
  await closesFrom('the field')
  const answer = await askTheWidget(page, 'How does vitamin D affect calcium absorption?', 0)
  await answer.and(page.locator('quire-widget .a[data-state="done"]')).waitFor({
    timeout: ANSWER_TIMEOUT_MS,
  })
  await shot(page, `widget-esc-open-${size}`)
  await closesFrom('the Ask button disabled while answering')
  await bubble.click()
  await page.locator('quire-widget .a .body').first().click()
  await closesFrom("the answer's text")
  await shot(page, `widget-esc-closed-${size}`)
  await page.close()
}

async function refusedFromOtherOrigin(browser: Browser): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } })
  page.setDefaultTimeout(STEP_TIMEOUT_MS)
  await page.goto(`http://localhost:${hostPort}/`)
  await page.locator('quire-widget .bubble').click()
  await page.locator('quire-widget textarea').fill('How does vitamin D affect calcium absorption?')
  await page.locator('quire-widget .send').click()
  const refused = page.locator('quire-widget .a[data-state="error"]')
  await refused.waitFor({ timeout: STEP_TIMEOUT_MS })
  // The browser let the widget read the server's refusal, which names the cause.
  assert.match(
    (await refused.locator('.status').textContent()) ?? '',
    new RegExp(`not allowed to embed Quire: .*http://localhost:${hostPort} in WIDGET_ORIGINS`),
  )
  await shot(page, 'widget-refused')
  await page.close()
  // The server refuses it, not only the browser's CORS check.
  const res = await fetch(`${base}/api/ask`, {
    method: 'POST',
    headers: { origin: `http://localhost:${hostPort}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'vitamin D' }),
  })
  assert.equal(res.status, 403, 'the API refuses an origin not in WIDGET_ORIGINS')
}

async function scriptIsCacheable(): Promise<void> {
  const res = await fetch(`${base}/widget.js`)
  assert.equal(res.status, 200)
  assert.match(res.headers.get('cache-control') ?? '', /max-age=\d+/)
  const bytes = (await res.arrayBuffer()).byteLength
  console.log(`[e2e] widget.js: ${bytes} bytes, cache-control: ${res.headers.get('cache-control')}`)
}

async function main(): Promise<void> {
  const server = await serveHostPage(base, hostPort, widgetKey)
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: FLAGS,
    timeout: STEP_TIMEOUT_MS,
  })
  try {
    await scriptIsCacheable()
    await askFromAllowedOrigin(browser)
    await longWordWraps(browser)
    await refusedFromOtherOrigin(browser)
    await escapeCloses(browser, { width: 1280, height: 800 })
    await escapeCloses(browser, { width: 390, height: 844 })
    console.log('[e2e] widget: all checks passed')
  } finally {
    await browser.close()
    await closeHostPage(server)
  }
}

await main()
