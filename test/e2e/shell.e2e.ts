// Browser test of the app shell (run by run.mjs after answer.e2e.ts, so the library is in and
// the model server may be down): every mode by its route, Ask's answer with cited cards,
// highlight and preview, shortcuts, the session list, new session, /debate.html's redirect,
// a phone viewport, the dark theme, axe on every mode, and a share link opened in a fresh
// context then revoked. Screenshots go to test/e2e/artifacts/.
import assert from 'node:assert/strict'
import type { Browser, Page } from 'playwright-core'
import { seriousViolations } from './axe'
import { asOwnClient, runInBrowser, shot, STEP_TIMEOUT_MS } from './helpers'

const base = process.env.QUIRE_URL ?? 'http://127.0.0.1:8787'
const ANSWER_TIMEOUT_MS = 120_000
const QUESTION = 'How does vitamin D affect calcium absorption?'
const SESSION_ROUTE = /#\/ask\/[0-9a-f-]{36}$/
// This test makes many calls in a minute; as a visitor of its own it leaves the widget test
// that runs next a whole rate-limit budget.
const SHELL_CLIENT = asOwnClient(20)

async function noSeriousViolations(page: Page, label: string): Promise<void> {
  const found = await seriousViolations(page, label)
  assert.deepEqual(found, [], `axe on ${label}`)
}

async function askAndWait(page: Page, turn: number, question: string): Promise<void> {
  await page.fill('#question', question)
  await page.click('#ask-button')
  await page
    .locator(`#turn-${turn}:is([data-state="done"], [data-state="error"])`)
    .waitFor({ timeout: ANSWER_TIMEOUT_MS })
}

async function askWithCitations(page: Page): Promise<string> {
  await page.goto(`${base}/#/ask`)
  await page.locator('#question').waitFor()
  await noSeriousViolations(page, 'Ask (empty)')
  await askAndWait(page, 1, QUESTION)
  assert.match(page.url(), SESSION_ROUTE, 'the session is in the URL')
  assert.ok(await page.locator('#share-session').isVisible(), 'Share appears with the session')
  assert.equal(await page.locator('#intro').getAttribute('open'), null, 'the intro folded away')
  const cited = page.locator('#turn-1 .source.cited')
  assert.ok((await cited.count()) >= 1, 'cited cards are marked')
  assert.equal(await cited.first().locator('.cited-label').textContent(), 'Cited')
  const uncited = await page.locator('#turn-1 .source.uncited .cited-label').allTextContents()
  assert.ok(
    uncited.every((t) => t === 'Not cited'),
    'uncited cards say so in words',
  )
  const badge = (await page.locator('#mode-badge').textContent()) ?? ''
  assert.match(badge, /^(Online|Degraded) · fake-main$/, `the badge names the model: ${badge}`)
  return page.url()
}

async function citationsHighlightAndPreview(page: Page): Promise<void> {
  const cite = page.locator('#turn-1 .answer sup.cite a').first()
  const target = ((await cite.getAttribute('href')) ?? '').slice(1)
  const before = page.url()
  await cite.click()
  assert.equal(page.url(), before, 'a citation click keeps the route')
  await page.locator(`[id="${target}"].is-highlighted`).waitFor()
  // The click scrolls its card into view; hovering scrolls the citation back, and the preview
  // must follow it rather than vanish with the scroll.
  await cite.hover()
  const preview = page.locator('#cite-preview')
  await preview.waitFor({ state: 'visible' })
  assert.ok(((await preview.textContent()) ?? '').length > 10, 'the preview shows the passage')
  await shot(page, 'shell-ask')
  await noSeriousViolations(page, 'Ask (answered)')
}

async function shortcutsWork(page: Page): Promise<void> {
  await page.keyboard.press('Escape')
  await page.locator('#main').focus()
  await page.keyboard.press(']')
  assert.ok(await page.evaluate(`!!document.activeElement?.matches('sup.cite a')`), '] → citation')
  await page.keyboard.press('[')
  assert.ok(await page.evaluate(`!!document.activeElement?.matches('sup.cite a')`), '[ → citation')
  await page.keyboard.press('/')
  assert.equal(await page.evaluate('document.activeElement?.id'), 'question', '/ → composer')
}

async function sessionListAndNewSession(page: Page, askUrl: string): Promise<void> {
  await page.click('#sessions-toggle')
  const entry = page.locator('#session-list .session-link', { hasText: QUESTION })
  await entry.waitFor()
  await shot(page, 'shell-sessions')
  await noSeriousViolations(page, 'Sessions panel')
  await page.keyboard.press('Escape')
  await page.click('#new-session')
  await page.waitForURL(/#\/ask$/)
  // The shell swaps the view after the URL changes (the view's code loads asynchronously).
  await page
    .waitForFunction(`document.querySelectorAll('#thread .turn').length === 0`, undefined, {
      timeout: 15_000,
    })
    .catch(() => assert.fail('a new session starts empty: the old turns stayed on the page'))
  await page.click('#sessions-toggle')
  await entry.click()
  await page.waitForURL(askUrl)
  await page.locator('#turn-1[data-state="done"]').waitFor({ timeout: ANSWER_TIMEOUT_MS })
}

/** Each mode's view mounts in the outlet: Write's message box, the Papers search box. */
const MODE_READY: Record<string, string> = {
  write: '#outlet #write-input',
  papers: '#outlet #papers-query',
}

async function otherModes(page: Page): Promise<void> {
  for (const mode of ['write', 'papers']) {
    await page.click(`.mode-link[data-mode="${mode}"]`)
    await page.locator(`body[data-mode="${mode}"] ${MODE_READY[mode]}`).first().waitFor()
    assert.equal(
      await page.locator(`.mode-link[data-mode="${mode}"]`).getAttribute('aria-current'),
      'page',
    )
    await shot(page, `shell-${mode}`)
    await noSeriousViolations(page, mode)
  }
}

async function debateInTheShell(page: Page): Promise<void> {
  await page.goto(`${base}/debate.html`)
  await page.waitForURL(/#\/debate$/)
  await page.fill('#debate-question', QUESTION)
  await page.click('#debate-form button[type="submit"]')
  const ended = page.locator('.debate-terminal:visible, .debate-error')
  await ended.first().waitFor({ timeout: 120_000 })
  assert.match(page.url(), /#\/debate\/[0-9a-f-]{36}$/, 'the debate session is in the URL')
  await shot(page, 'shell-debate')
  await noSeriousViolations(page, 'Debate')
}

async function phoneLayout(browser: Browser): Promise<void> {
  const context = await browser.newContext({
    ...SHELL_CLIENT,
    viewport: { width: 390, height: 844 },
    isMobile: true,
  })
  const page = await context.newPage()
  page.setDefaultTimeout(STEP_TIMEOUT_MS)
  await page.goto(`${base}/#/ask`)
  await page.locator('#question').waitFor()
  await page.locator('#mode-badge').waitFor()
  await shot(page, 'shell-mobile-start')
  await askAndWait(page, 1, QUESTION)
  const composer = await page.locator('#ask-form').boundingBox()
  assert.ok(composer && composer.height <= 844 * 0.15, `a compact composer: ${composer?.height}px`)
  assert.ok(composer && composer.y + composer.height >= 840, 'docked at the bottom')
  assert.equal(await page.locator('#intro').getAttribute('open'), null, 'intro collapsed')
  await page.locator('#turn-1').scrollIntoViewIfNeeded()
  await page.screenshot({
    path: `${process.env.E2E_ARTIFACTS ?? 'test/e2e/artifacts'}/shell-mobile.png`,
  })
  await noSeriousViolations(page, 'Ask on a phone')
  await context.close()
}

async function darkTheme(browser: Browser): Promise<void> {
  const context = await browser.newContext({
    ...SHELL_CLIENT,
    viewport: { width: 1200, height: 900 },
    colorScheme: 'dark',
  })
  const page = await context.newPage()
  page.setDefaultTimeout(STEP_TIMEOUT_MS)
  await page.goto(`${base}/#/ask`)
  await askAndWait(page, 1, QUESTION)
  const bg = await page.evaluate('getComputedStyle(document.body).backgroundColor')
  const channels = String(bg).match(/\d+/g)?.slice(0, 3).map(Number) ?? [255, 255, 255]
  assert.ok(channels.reduce((a, b) => a + b, 0) < 150, `a dark background: ${bg}`)
  await shot(page, 'shell-dark')
  await noSeriousViolations(page, 'Ask, dark')
  await context.close()
}

/** Share from the header, open the link in a fresh context, revoke it: 404 at once. */
async function shareLinkThenRevoke(page: Page, browser: Browser, askUrl: string): Promise<void> {
  await page.goto(askUrl)
  await page.locator('#turn-1[data-state="done"]').waitFor({ timeout: ANSWER_TIMEOUT_MS })
  await page.click('#share-session')
  const field = page.locator('#share-url')
  await page.waitForFunction(`!!document.getElementById('share-url')?.value`)
  await shot(page, 'shell-share')
  await noSeriousViolations(page, 'Share box')
  const url = await field.inputValue()
  assert.match(url, /\/s\/[^/]+$/, `a share link: ${url}`)
  const sessionId = (SESSION_ROUTE.exec(askUrl)?.[0] ?? '').replace('#/ask/', '')
  const token = (await page.evaluate(
    `JSON.parse(localStorage.getItem('quire.sessions')).find((s) => s.id === '${sessionId}').token`,
  )) as string
  const fresh = await browser.newContext(SHELL_CLIENT)
  const reader = await fresh.newPage()
  const res = await reader.goto(url)
  assert.equal(res?.status(), 200)
  assert.equal(res?.headers()['cache-control'], 'no-store', 'a share page is never cached')
  const shareJson = await fetch(`${base}/api/share/${url.split('/s/')[1]}`)
  assert.equal(shareJson.headers.get('cache-control'), 'no-store', 'nor its JSON')
  await reader.getByText(QUESTION).first().waitFor()
  assert.ok(await reader.locator('meta[property="og:title"]').count(), 'Open Graph tags')
  const html = await reader.content()
  assert.equal(html.includes(token), false, 'the page reveals no session token')
  await shot(reader, 'share-link')
  const auth = { authorization: `Bearer ${token}` }
  const listed = (await (
    await fetch(`${base}/api/sessions/${sessionId}/shares`, { headers: auth })
  ).json()) as { shares: { share_id: string }[] }
  assert.ok(listed.shares.length >= 1, 'the share is listed')
  // This session's only shares are the one just made: revoke them all.
  for (const { share_id } of listed.shares) {
    const revoked = await fetch(`${base}/api/sessions/${sessionId}/shares/${share_id}`, {
      method: 'DELETE',
      headers: auth,
    })
    assert.ok(revoked.ok, `revoked: ${revoked.status}`)
  }
  const again = await reader.goto(url)
  assert.equal(again?.status(), 404, 'a revoked link stops working at once')
  await fresh.close()
}

/**
 * Issue 48 item 6: hashed assets are kept a year without asking; the HTML and widget.js are
 * revalidated by their ETag (a 304 costs no body), so a release reaches every reader.
 */
async function assetsCacheable(): Promise<void> {
  const page = await fetch(`${base}/`)
  const html = await page.text()
  assert.match(page.headers.get('cache-control') ?? '', /max-age=0, must-revalidate/)
  const etag = page.headers.get('etag') ?? ''
  assert.ok(etag, 'the HTML carries an ETag')
  const revalidated = await fetch(`${base}/`, { headers: { 'if-none-match': etag } })
  assert.equal(revalidated.status, 304, 'the HTML revalidates by its ETag')
  const hashed = [...html.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0])
  assert.ok(hashed.length > 0, 'the page loads hashed assets')
  for (const asset of hashed) {
    const res = await fetch(`${base}${asset}`)
    await res.arrayBuffer()
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable', asset)
  }
  const widget = await fetch(`${base}/widget.js`)
  await widget.arrayBuffer()
  const widgetTag = widget.headers.get('etag') ?? ''
  const again = await fetch(`${base}/widget.js`, { headers: { 'if-none-match': widgetTag } })
  assert.equal(again.status, 304, 'widget.js revalidates by its ETag')
  console.log(`[e2e] assets: ${hashed.length} hashed, immutable; HTML and widget.js revalidate`)
}

async function main(): Promise<void> {
  await assetsCacheable()
  await runInBrowser(
    'shell-failure',
    { width: 1200, height: 900 },
    async (page, browser) => {
      const askUrl = await askWithCitations(page)
      await citationsHighlightAndPreview(page)
      await shortcutsWork(page)
      await sessionListAndNewSession(page, askUrl)
      await otherModes(page)
      await debateInTheShell(page)
      await shareLinkThenRevoke(page, browser, askUrl)
      await phoneLayout(browser)
      await darkTheme(browser)
      console.log('[e2e] app shell: all checks passed')
    },
    SHELL_CLIENT,
  )
}

await main()
