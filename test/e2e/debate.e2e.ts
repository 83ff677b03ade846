// Browser test of the Debate mode (debate.html, run by run.mjs against `wrangler dev`,
// offline): a debate runs to its terminal marker with a card per scientist, verdict badges,
// the offline label, and references that list every work each card cites; screenshot saved.
// Interrupting a debate is debate-interrupt.e2e.ts (it needs a slowly streaming model).
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
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

interface CardCitations {
  cited: string[]
  listed: string[]
  unresolved: string[]
  noneCited: boolean
}

/**
 * A card's citations as rendered: the prose's [n] links, the references' numbers, and any link
 * whose target (a source card) is missing. In-page code is a string (see helpers.ts).
 */
const READ_CARD = `(card) => {
  const body = card.querySelector('.debate-body')
  const blocks = [...(body ? body.children : [])]
  const at = blocks.findIndex((b) => (b.textContent || '').trim().startsWith('References (APA 7)'))
  const numbers = (nodes) =>
    nodes.flatMap((b) => [...b.querySelectorAll('sup.cite a')].map((a) => a.textContent || ''))
  const links = body ? [...body.querySelectorAll('sup.cite a')] : []
  return {
    cited: numbers(at < 0 ? blocks : blocks.slice(0, at)),
    listed: at < 0 ? [] : numbers(blocks.slice(at)),
    unresolved: links.filter((a) => !document.getElementById(a.hash.slice(1))).map((a) => a.textContent || ''),
    noneCited: /No retrieved work was cited/.test(body ? body.textContent || '' : ''),
  }
}`

/** Every [n] a card's prose cites is one of the works its References (APA 7) list, and every
 * citation link opens a source card on the page. */
async function citationsResolve(page: Page): Promise<void> {
  const cards = (await page.evaluate(
    `[...document.querySelectorAll('.debate')[0].querySelectorAll('.debate-card')].map(${READ_CARD})`,
  )) as CardCitations[]
  assert.equal(cards.length, 2)
  cards.forEach((card, i) => {
    assert.ok(card.cited.length > 0, `card ${i + 1} quotes cited passages`)
    assert.ok(!card.noneCited, `card ${i + 1} lists the works it cites`)
    for (const n of card.cited)
      assert.ok(card.listed.includes(n), `card ${i + 1}: [${n}] is in its references`)
    assert.deepEqual(card.unresolved, [], `card ${i + 1}: every citation opens a source card`)
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
