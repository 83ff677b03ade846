// Browser test of the Debate mode (debate.html, run by run.mjs against `wrangler dev`,
// offline): a debate runs to its terminal marker with a card per scientist and verdict
// badges, then another is interrupted; screenshots saved.
import assert from 'node:assert/strict'
import path from 'node:path'
import { chromium, type Page } from 'playwright-core'

const base = process.env.QUIRE_URL ?? 'http://127.0.0.1:8787'
const artifacts = process.env.E2E_ARTIFACTS ?? path.resolve(import.meta.dirname, 'artifacts')
const STEP_TIMEOUT_MS = 30_000
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run']
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
  await page.screenshot({ path: path.join(artifacts, 'debate.png'), fullPage: true })
}

async function interruptAnother(page: Page): Promise<void> {
  await start(page)
  const second = page.locator('.debate').nth(1)
  // The button is enabled only while the debate streams; an offline one may end first.
  await page.click('#debate-interrupt', { timeout: 5_000 }).catch(() => undefined)
  const terminal = second.locator('.debate-terminal')
  await terminal.waitFor({ state: 'visible', timeout: 90_000 })
  // An offline debate can finish before the interrupt lands: either end is one terminal state.
  assert.match(
    (await terminal.getAttribute('data-state')) ?? '',
    /^(Debate Interrupted|Max Turns Reached)$/,
  )
  await page.screenshot({ path: path.join(artifacts, 'debate-interrupt.png'), fullPage: true })
}

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: FLAGS,
    timeout: STEP_TIMEOUT_MS,
  })
  const page = await browser.newPage({ viewport: { width: 1200, height: 1400 } })
  page.setDefaultTimeout(STEP_TIMEOUT_MS)
  try {
    await debateToTheEnd(page)
    await interruptAnother(page)
    console.log('[e2e] debate page: all checks passed')
  } catch (error) {
    await page
      .screenshot({ path: path.join(artifacts, 'debate-failure.png'), fullPage: true })
      .catch(() => undefined)
    throw error
  } finally {
    await browser.close()
  }
}

await main()
