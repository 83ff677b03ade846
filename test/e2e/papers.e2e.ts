// Browser test of the Papers mode (papers.html, run by run.mjs against `wrangler dev` with no
// model: offline): a fixture PDF is uploaded and loads with its pages; a question its pages
// answer gets an offline answer whose page citations hold the cited sentences and open the PDF
// at that page (from the server's copy, also after a reload); an unrelated question is abstained with nothing cited; the quota left shows;
// search results render with checkboxes, authors, year and abstracts, and a load shows each
// paper's progress (both against answers routed in the page: no arXiv). Screenshots saved.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Locator, Page, Request } from 'playwright-core'
import { extractText, getDocumentProxy } from 'unpdf'
import { seriousViolations } from './axe'
import { assertNoSidewaysScroll, runInBrowser, shot } from './helpers'

const base = process.env.QUIRE_URL ?? 'http://127.0.0.1:8787'
const ANSWER_TIMEOUT_MS = 120_000
const PDF = path.resolve(import.meta.dirname, '../fixtures/pdfs/grobid_arXiv-0908.0054v1.pdf')
const PDF_TITLE = 'Ultra light bosonic dark matter and CMB'
const ANSWERED = 'How does more cold dark matter change the amplitude of the CMB oscillations?'
const UNANSWERED = 'Which sourdough starter hydration gives the most open crumb in rye bread?'

const squash = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase()

async function pdfPages(): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(PDF)))
  return (await extractText(pdf, { mergePages: false })).text
}

/** Visiting the mode makes no session: the first search, upload or question does. */
async function visitsMakeNoSession(page: Page): Promise<void> {
  let made = 0
  const count = (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/sessions')) made += 1
  }
  page.on('request', count)
  for (let i = 0; i < 3; i += 1) {
    await page.goto(i === 0 ? `${base}/papers.html` : `${base}/#/ask`)
    if (i > 0) await page.click('.mode-link[data-mode="papers"]')
    await page.locator('#papers-mode[data-mode="offline"]').waitFor()
  }
  page.off('request', count)
  assert.equal(made, 0, 'three visits made no session')
  assert.equal(await page.locator('#papers-quota li').count(), 0, 'no quota before a session')
}

async function upload(page: Page): Promise<void> {
  await page.setInputFiles('#papers-file', PDF)
  await page.click('#papers-upload button[type="submit"]')
  const loaded = page.locator('.paper.paper-loaded')
  await loaded.waitFor({ timeout: ANSWER_TIMEOUT_MS })
  assert.match((await loaded.textContent()) ?? '', /Loaded · \d+ pages/)
  // Titled as the paper is (its first page), not after the file.
  assert.equal(await loaded.locator('.paper-title').textContent(), PDF_TITLE)
  await shot(page, 'papers-uploaded')
}

/** arXiv cannot be reached here: the search fails next to its form and costs nothing. */
async function failedSearchIsFree(page: Page): Promise<void> {
  await page.fill('#papers-query', 'cosmic microwave background acoustic peaks')
  await page.click('.papers-search-form button[type="submit"]')
  const info = page.locator('.papers-search-form + .papers-info')
  await info.getByText(/^Search failed: .*arxiv/i).waitFor({ timeout: ANSWER_TIMEOUT_MS })
  assert.doesNotMatch((await info.textContent()) ?? '', /\(\d{3}\)/, 'the server’s words')
  await page.locator('#papers-quota', { hasText: 'Searches: 3 of 3 left' }).waitFor()
}

async function ask(page: Page, n: number, question: string) {
  await page.fill('#papers-message', question)
  await page.click('.papers-chat-form button[type="submit"]')
  const turn = page.locator(`#paper-turn-${n}`)
  await turn
    .locator('.status', {
      hasText: /^(Answer ready|Offline answer|Degraded answer|No answer|Failed|The answer)/,
    })
    .waitFor({
      timeout: ANSWER_TIMEOUT_MS,
    })
  return turn
}

async function citedAnswer(page: Page): Promise<void> {
  const turn = await ask(page, 1, ANSWERED)
  assert.equal(await turn.getAttribute('data-mode'), 'offline')
  assert.equal(await turn.getAttribute('data-abstained'), 'false')
  assert.match((await turn.locator('.status').textContent()) ?? '', /^Offline answer .* cited/)
  const links = turn.locator('a.page-cite')
  assert.ok((await links.count()) > 0, 'the offline answer cites pages')
  const pages = await pdfPages()
  const text = (await turn.locator('.paper-answer').textContent()) ?? ''
  // Words the PDF broke across lines with a hyphen read whole ("investigate", not "inves- tigate").
  assert.doesNotMatch(text, /\p{Ll}- \p{Ll}/u, 'no line-end hyphenation left in the quotes')
  const cited = [...text.matchAll(/([^.\]]+\.)\s*\[([^\]]+), p\.\s(\d+)\]/g)]
  assert.ok(cited.length > 0, `citations readable in: ${text}`)
  for (const [, sentence = '', , page] of cited) {
    const pageText = pages[Number(page) - 1] ?? ''
    assert.ok(
      squash(pageText).includes(squash(sentence).slice(-60)),
      `page ${page} holds: ${sentence}`,
    )
  }
  const first = links.first()
  const href = (await first.getAttribute('href')) ?? ''
  assert.match(href, /#page=\d+$/, 'the citation opens the PDF at its page')
  assert.equal(href.split('#page=')[1], await first.getAttribute('data-page'))
  await shot(page, 'papers-answer')
  await opensAtPage(page, first, Number(href.split('#page=')[1]))
}

/** A click on a kept-PDF link opens a tab on the PDF (fetched with the token) at `pageNo`. */
async function opensAtPage(page: Page, link: Locator, pageNo: number): Promise<void> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()])
  await popup.waitForURL((url) => url.href.startsWith('blob:') && url.hash === `#page=${pageNo}`)
  await popup.close()
}

/**
 * After a reload the chat is back as the server keeps it (answers, page citations) and the
 * server's copy of the uploaded PDF still opens from the paper list; the same on a phone.
 */
async function keptAfterReload(page: Page): Promise<void> {
  const answers = () => page.locator('.paper-answer').allTextContents()
  const before = await answers()
  const cites = await page.locator('#paper-turn-1 a.page-cite').count()
  await page.reload()
  const loaded = page.locator('.paper.paper-loaded')
  await loaded.waitFor()
  await page.locator('#paper-turn-2 .paper-answer').waitFor()
  assert.deepEqual(await answers(), before, 'the chat is back after a reload')
  assert.equal(await page.locator('#paper-turn-1 a.page-cite').count(), cites, 'with its citations')
  assert.equal(await page.locator('#paper-turn-2').getAttribute('data-abstained'), 'true')
  await opensAtPage(page, loaded.locator('a').first(), 1)
  await page.setViewportSize({ width: 390, height: 844 })
  await assertNoSidewaysScroll(page, 'papers on a phone')
  assert.deepEqual(await seriousViolations(page, 'Papers reloaded, phone'), [])
  await shot(page, 'papers-reloaded-390')
  await page.setViewportSize({ width: 1280, height: 800 })
}

async function abstains(page: Page): Promise<void> {
  const turn = await ask(page, 2, UNANSWERED)
  assert.equal(await turn.getAttribute('data-abstained'), 'true')
  await turn.locator('.notice-abstained').waitFor()
  assert.equal(await turn.locator('.page-cite').count(), 0, 'an abstention cites nothing')
  assert.equal(await turn.locator('.paper-sources').count(), 0)
  // The quota is read again after the turn ends (a list request of its own): wait for it.
  await page.locator('#papers-quota', { hasText: 'Chat messages: 3 of 5 left' }).waitFor()
  await shot(page, 'papers-abstained')
}

/** The agent offline: it says it is offline, searches by keywords at most and loads nothing. */
async function agentOffline(page: Page): Promise<void> {
  const before = await page.locator('.paper').count()
  await page.fill('#papers-brain-input', 'find papers on cosmic microwave background peaks')
  await page.click('.papers-brain-form button[type="submit"]')
  const reply = page.locator('.papers-brain-reply', { hasText: /^Offline/ })
  await reply.waitFor({ timeout: ANSWER_TIMEOUT_MS })
  await page.waitForFunction(
    `!document.querySelector('.papers-brain-form button[type="submit"]').disabled`,
  )
  assert.equal(await page.locator('.paper').count(), before, 'offline, the agent loads nothing')
  assert.doesNotMatch(
    (await reply.textContent()) ?? '',
    /\/api\/|POST /,
    'no API route in its words',
  )
  // arXiv is unreachable here, so the search did not run and the request is not counted.
  await page.locator('#papers-quota', { hasText: 'Agent requests: 3 of 3 left' }).waitFor()
  await shot(page, 'papers-agent-offline')
}

/** Results as the search route shapes them (no arXiv call: the route is answered in the page). */
async function searchResults(page: Page): Promise<void> {
  const hit = (index: number) => ({
    index,
    arxiv_id: `0908.005${index}`,
    title: `Acoustic oscillations in the cosmic microwave background, part ${index}`,
    authors: ['A. Author', 'B. Author', 'C. Author', 'D. Author', 'E. Author'],
    year: 2009,
    abstract: 'We study how the matter content shapes the acoustic peaks. '.repeat(8),
    pdf_url: `https://arxiv.org/pdf/0908.005${index}`,
    abs_url: `https://arxiv.org/abs/0908.005${index}`,
  })
  await page.route('**/api/papers/search', async (route) => {
    const quota = { used: 1, limit: 3, left: 2, cooldown_until: null }
    await route.fulfill({
      json: {
        query: 'cmb acoustic peaks',
        arxiv_query: 'cmb acoustic peaks',
        query_kind: 'keywords',
        papers: [1, 2, 3].map(hit),
        quota: { search: quota, chat: { ...quota, limit: 5 }, api_cooldown_until: null },
      },
    })
  })
  await page.fill('#papers-query', 'cmb acoustic peaks')
  await page.click('.papers-search-form button[type="submit"]')
  await page.locator('.hit').nth(2).waitFor()
  await page.locator('.hit-check').first().check()
  assert.equal(await page.locator('#papers-load').textContent(), 'Load 1 selected')
  assert.match((await page.locator('.hit').first().textContent()) ?? '', /et al\..*2009/)
  await shot(page, 'papers-search')
}

/** Per-paper progress while a load runs: the list is polled and each paper shows its state. */
async function loadProgress(page: Page): Promise<void> {
  const row = (id: string, status: string, extra = {}) => ({
    id,
    title: `Paper ${id}`,
    status,
    pages: status === 'loaded' ? 12 : 0,
    pdf_url: `https://arxiv.org/pdf/${id}`,
    arxiv_id: id,
    ...extra,
  })
  const rows = [
    row('0908.0051', 'loaded'),
    row('0908.0052', 'loading'),
    row('0908.0053', 'failed', { error: 'PDF fetch failed: 404' }),
  ]
  const counter = { used: 0, limit: 3, left: 3, cooldown_until: null }
  let release = () => undefined as void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/papers/*', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback()
    await route.fulfill({
      json: { papers: rows, quota: { search: counter, chat: counter, api_cooldown_until: null } },
    })
  })
  // The load is queued (202 with the queued records); the polled list shows the progress, and
  // the paper still loading finishes once the test has looked.
  await page.route('**/api/papers/load', (route) =>
    route.fulfill({
      status: 202,
      json: { papers: rows.map((r) => ({ ...r, status: 'queued', pages: 0 })), jobs: [] },
    }),
  )
  void held.then(() => Object.assign(rows[1] ?? {}, { status: 'loaded', pages: 9 }))
  await page.click('#papers-load')
  await page.locator('.paper-loading .paper-progress').waitFor()
  await page.locator('.papers-progress', { hasText: 'Loading: 2 of 3 papers done' }).waitFor()
  assert.match(
    (await page.locator('.paper-failed').textContent()) ?? '',
    /Failed: PDF fetch failed: 404/,
  )
  assert.match((await page.locator('.paper-loaded').first().textContent()) ?? '', /12 pages/)
  await shot(page, 'papers-loading')
  release()
  await page.locator('.papers-activity', { hasText: '1 of 3 could not be loaded' }).waitFor()
}

async function main(): Promise<void> {
  await runInBrowser('papers-failure', { width: 1280, height: 800 }, async (page) => {
    await visitsMakeNoSession(page)
    await upload(page)
    await failedSearchIsFree(page)
    await citedAnswer(page)
    await abstains(page)
    await keptAfterReload(page)
    await agentOffline(page)
    await searchResults(page)
    await loadProgress(page)
    console.log('[e2e] papers page: all checks passed')
  })
}

await main()
