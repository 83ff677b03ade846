// Browser test of the Debate mode (debate.html, run by run.mjs against `wrangler dev`,
// offline): a debate runs to its terminal marker with a card per scientist, verdict badges,
// the offline label, and references that list every work each card cites, once; screenshot saved.
// Interrupting a debate is debate-interrupt.e2e.ts (it needs a slowly streaming model).
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { debateCards } from './debate-cards'
import { libraryReady, runInBrowser, shot } from './helpers'

const base = process.env.QUIRE_URL ?? 'http://127.0.0.1:8787'
const QUESTION = 'How does vitamin D status affect calcium absorption?'

async function start(page: Page): Promise<void> {
  await page.fill('#debate-question', QUESTION)
  await page.click('#debate-form button[type="submit"]')
}

async function debateToTheEnd(page: Page): Promise<void> {
  await page.goto(`${base}/debate.html`)
  await start(page)
  const terminal = page.locator('.debate').nth(0).locator('.debate-terminal')
  await terminal.waitFor({ state: 'visible', timeout: 90_000 })
  assert.equal(
    await terminal.getAttribute('data-state'),
    'Max Turns Reached',
    'offline ends at max turns',
  )
  const cards = page.locator('.debate').nth(0).locator('.debate-card')
  assert.equal(await cards.count(), 2, 'one card per scientist turn')
  const badges = await cards.locator('.badge').allTextContents()
  assert.ok(badges.includes('Validation: N/A'), `offline never claims PASS: ${badges.join(', ')}`)
  assert.ok(!badges.includes('Validation: PASS'))
  const mode = page.locator('.debate').nth(0).locator('.debate-mode')
  assert.equal(await mode.getAttribute('data-kind'), 'offline', 'labelled offline on the page')
  await citationsResolve(page)
  await shot(page, 'debate')
}

/** Every [n] a card's argument cites is in its References (APA 7), listed once per work, and
 * every citation link opens its reference on the page. */
async function citationsResolve(page: Page): Promise<void> {
  const cards = (await debateCards(page)).slice(0, 2)
  assert.equal(cards.length, 2)
  cards.forEach((card, i) => {
    assert.ok(card.cited.length > 0, `card ${i + 1} quotes cited passages`)
    const listed = card.listed.flat()
    assert.equal(new Set(listed).size, listed.length, `card ${i + 1}: each work listed once`)
    for (const n of card.cited) assert.ok(listed.includes(n), `card ${i + 1}: [${n}] is listed`)
    assert.deepEqual(card.unresolved, [], `card ${i + 1}: every citation opens its reference`)
  })
}

/** A follow-up is sent with the page's earlier debate, and read as its topic. */
async function followUp(page: Page): Promise<void> {
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/debate/stream'))
  const statuses: string[] = []
  page.on('response', async (res) => {
    if (res.url().endsWith('/api/debate/stream')) statuses.push(await res.text())
  })
  await page.fill('#debate-question', 'And in older adults?')
  await page.click('#debate-form button[type="submit"]')
  const body = (await sent).postDataJSON() as { history: { role: string; content: string }[] }
  assert.deepEqual(
    body.history.map((h) => h.role),
    ['user', 'assistant'],
  )
  assert.equal(body.history[0]?.content, QUESTION)
  const terminal = page.locator('.debate').nth(1).locator('.debate-terminal')
  await terminal.waitFor({ state: 'visible', timeout: 90_000 })
  await page.waitForTimeout(500)
  await shot(page, 'debate-follow-up')
  assert.match(
    statuses.join(''),
    /Follow-up read as: And in older adults\? .*(vitamin|calcium|absorption)/,
  )
  // The page keeps what was searched once the status line has moved on.
  const searched = page.locator('.debate').nth(1).locator('.debate-searched')
  const line = await searched.innerText()
  assert.match(line, /^Searched for: And in older adults\? .*(vitamin|calcium|absorption)/)
  // A reload shows the stored debates as they were streamed, the searched line with them.
  await page.reload()
  const stored = page.locator('.debate').nth(1).locator('.debate-searched')
  await stored.waitFor({ state: 'visible', timeout: 30_000 })
  assert.equal(await stored.innerText(), line)
}

async function main(): Promise<void> {
  // The offline turns quote the demo library: it must be in.
  await libraryReady(base)
  await runInBrowser('debate-failure', { width: 1200, height: 1400 }, async (page) => {
    await debateToTheEnd(page)
    await followUp(page)
    console.log('[e2e] debate page: all checks passed')
  })
}

await main()
