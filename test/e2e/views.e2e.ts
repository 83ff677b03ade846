// Browser test of what every view shows (run by run.mjs in its offline phase, library ready):
// Ask, Debate and Write reloaded show what the server holds (turns, a debate's verdicts and
// references once per turn, Write's chat and pending suggestion with its revision); a
// 3,990-character word never widens the page; share links are reused, listed and revoked in the
// page, share pages render Markdown under a meaningful title, and every unavailable link gets
// one page. Each mode is reopened at 390×844 too; axe checks every mode and the share page at
// both sizes; screenshots go to test/e2e/artifacts/views-*.png.
import assert from 'node:assert/strict'
import type { Browser, Page } from 'playwright-core'
import { seriousViolations } from './axe'
import { assertNoSidewaysScroll, libraryReady, runInBrowser, sessionInUrl, shot } from './helpers'
import { debateCards, type CardView } from './debate-cards'

const base = process.env.QUIRE_URL ?? 'http://127.0.0.1:8787'
const PHONE = { width: 390, height: 844 }
const DONE_TIMEOUT_MS = 120_000
/** One unbroken word of 3,990 characters, as in the issue. */
const LONG_WORD = `calcium${'x'.repeat(3983)}`
const DOC_TITLE = 'Vitamin D in older adults'
const DRAFT = `# ${DOC_TITLE}\n\n## Methods\n\nWe reviewed ${LONG_WORD} trials.\n`

/** The page fits its width, names no API route, axe finds nothing serious; screenshot saved. */
async function looksRight(page: Page, label: string): Promise<void> {
  await assertNoSidewaysScroll(page, label)
  const words = (await page.evaluate('document.body.innerText')) as string
  assert.doesNotMatch(
    words,
    /\/(api|v1)\/|\b(GET|POST|PUT|DELETE) \//,
    `${label}: no API route in its words`,
  )
  assert.deepEqual(await seriousViolations(page, label), [], `axe on ${label}`)
  await shot(page, `views-${label}`)
}

const turnsOf = (page: Page) =>
  page.evaluate(`[...document.querySelectorAll('#thread .turn')].map((t) => [
    t.dataset.state, t.querySelector('.question').textContent, t.querySelector('.answer').textContent.trim(),
  ])`) as Promise<string[][]>

async function askAndReload(page: Page): Promise<string> {
  await page.goto(`${base}/#/ask`)
  const questions = ['How does vitamin D affect calcium absorption?', `Is ${LONG_WORD} safe?`]
  for (const [i, question] of questions.entries()) {
    await page.fill('#question', question)
    await page.click('#ask-button')
    await page
      .locator(`#turn-${i + 1}:is([data-state="done"], [data-state="error"])`)
      .waitFor({ timeout: DONE_TIMEOUT_MS })
  }
  const shown = await turnsOf(page)
  await looksRight(page, 'ask-1280')
  await page.reload()
  await page.locator('#turn-2[data-state="done"]').waitFor()
  assert.deepEqual(await turnsOf(page), shown, 'a reload shows the same turns')
  return sessionInUrl(page)
}

/** Each card lists each work once, in the order of its numbers, and cites only listed works. */
function assertReferences(cards: CardView[]): void {
  assert.ok(cards.length >= 2, 'a card per scientist turn')
  cards.forEach((card, i) => {
    const firsts = card.listed.map((numbers) => numbers[0] ?? 0)
    assert.deepEqual(
      firsts,
      [...firsts].sort((a, b) => a - b),
      `card ${i + 1}: in number order`,
    )
    const all = card.listed.flat()
    assert.equal(new Set(all).size, all.length, `card ${i + 1}: each work listed once`)
    assert.equal(card.headings, 1, `card ${i + 1}: one References section`)
    for (const n of card.cited) assert.ok(all.includes(n), `card ${i + 1}: [${n}] is listed`)
    assert.deepEqual(card.unresolved, [], `card ${i + 1}: every [n] opens its reference`)
  })
}

async function debateAndReload(page: Page): Promise<string> {
  await page.goto(`${base}/#/debate`)
  await page.fill('#debate-question', 'How does vitamin D status affect calcium absorption?')
  await page.click('#debate-form button[type="submit"]')
  await page.locator('.debate-terminal:visible').waitFor({ timeout: DONE_TIMEOUT_MS })
  const live = await debateCards(page)
  assertReferences(live)
  await looksRight(page, 'debate-1280')
  await page.reload()
  await page.locator('.debate-terminal:visible').waitFor()
  assert.deepEqual(await debateCards(page), live, 'a reload shows the same turns')
  return sessionInUrl(page)
}

async function writeAndReload(page: Page): Promise<string> {
  await page.goto(`${base}/#/write`)
  await page.click('.write-edit')
  await page.fill('.write-editor', DRAFT)
  await page.click('.write-save')
  await page.locator('.write-body[data-version="1"] h2').waitFor()
  await page.fill('#write-input', 'Add a paragraph on vitamin D and calcium absorption')
  await page.click('.write-form button[type="submit"]')
  const title = page.locator('.write-suggestion h2')
  await title.waitFor({ timeout: DONE_TIMEOUT_MS })
  assert.match((await title.textContent()) ?? '', /revision 1\b/)
  const chat = await page.locator('.write-log .write-assistant').allTextContents()
  await looksRight(page, 'write-1280')
  await page.reload()
  await title.waitFor()
  assert.match((await title.textContent()) ?? '', /revision 1\b/, 'the pending suggestion is back')
  assert.deepEqual(await page.locator('.write-log .write-assistant').allTextContents(), chat)
  // Offline there is nothing to shorten with: the request is declined in the chat and the
  // suggestion the session holds stays as it was, still revision 1 (not a phantom revision 2).
  await page.fill('#write-input', 'Make it shorter')
  await page.click('.write-form button[type="submit"]')
  await page.waitForFunction(
    `document.querySelectorAll('.write-log .write-assistant').length > ${chat.length}`,
  )
  assert.match((await title.textContent()) ?? '', /revision 1\b/, 'the suggestion is unchanged')
  return sessionInUrl(page)
}

/** Share opens the session's link; a second click shows the same one, listed once. */
async function shareLink(page: Page, mode: string, id: string): Promise<string> {
  await page.goto(`${base}/#/${mode}/${id}`)
  const field = page.locator('#share-url')
  for (let i = 0; i < 2; i += 1) {
    await page.click('#share-session')
    await page.waitForFunction(`!!document.getElementById('share-url')?.value`)
  }
  assert.equal(await page.locator('#share-list .share-item').count(), 1, 'one link, reused')
  assert.match((await page.locator('.share-item').textContent()) ?? '', /no expiry/)
  return field.inputValue()
}

async function sharePages(page: Page, browser: Browser, debateId: string, writeId: string) {
  const debateUrl = await shareLink(page, 'debate', debateId)
  await shot(page, 'views-share-box')
  const reader = await browser.newPage({ viewport: PHONE })
  await reader.goto(debateUrl)
  assert.match(await reader.title(), /^Debate: How does vitamin D status/)
  const text = (await reader.locator('body').textContent()) ?? ''
  assert.doesNotMatch(text, /_Offline|===/, 'Markdown and markers are rendered, not shown raw')
  assert.ok((await reader.locator('.turn .references li').count()) >= 1, 'references listed')
  await looksRight(reader, 'share-debate-390')
  // Revoked in the page, then the same page as an unknown or altered link.
  await page.click('.share-revoke')
  await page.locator('#share-note', { hasText: 'Revoked' }).waitFor()
  const pages: string[] = []
  const token = debateUrl.split('/s/')[1] ?? ''
  for (const url of [debateUrl, `${base}/s/${token.slice(0, -2)}AA`, `${base}/s/not-a-link`]) {
    const res = await reader.goto(url)
    assert.equal(res?.status(), 404, url)
    pages.push(await reader.content())
  }
  assert.equal(new Set(pages).size, 1, 'every unavailable link gets the same page')
  await shot(reader, 'views-share-unavailable-390')
  await reader.goto(await shareLink(page, 'write', writeId))
  assert.equal(await reader.title(), `${DOC_TITLE} · Quire`)
  await looksRight(reader, 'share-write-390')
  await reader.close()
}

/** Each session reopened on a phone: the same content, fitting the screen. */
async function reopenedOnAPhone(page: Page, sessions: Record<string, string>) {
  // The same browser profile (its session list), now phone-sized.
  await page.setViewportSize(PHONE)
  const ready: Record<string, string> = {
    ask: '#turn-2[data-state="done"]',
    debate: '.debate-terminal:visible',
    write: '.write-suggestion',
    papers: '#papers-query',
  }
  for (const [mode, selector] of Object.entries(ready)) {
    const id = sessions[mode]
    await page.goto(`${base}/#/${mode}${id ? `/${id}` : ''}`)
    await page.locator(selector).first().waitFor()
    await looksRight(page, `${mode}-390`)
  }
}

async function main(): Promise<void> {
  await libraryReady(base)
  await runInBrowser('views-failure', { width: 1280, height: 800 }, async (page, browser) => {
    const ask = await askAndReload(page)
    const debate = await debateAndReload(page)
    const write = await writeAndReload(page)
    await page.goto(`${base}/#/papers`)
    await page.locator('#papers-query').waitFor()
    await looksRight(page, 'papers-1280')
    await sharePages(page, browser, debate, write)
    await reopenedOnAPhone(page, { ask, debate, write })
    console.log('[e2e] views: all checks passed')
  })
}

await main()
