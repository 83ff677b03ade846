// Browser test of interrupting a debate (run by run.mjs while the scripted fake model is up):
// scientist 1's answer streams slowly, the reader presses Interrupt mid-generation, and the
// debate ends with `Debate Interrupted`, the partial turn kept on the page and in the session.
// arXiv and Crossref cannot be reached here, so the run is also shown as degraded. Meanwhile a
// second tab of the same session is refused a second debate, next to its button.
import assert from 'node:assert/strict'
import type { Browser, Page } from 'playwright-core'
import { timeClick } from './click-timing'
import { runInBrowser, shot } from './helpers'

const base = process.env.QUIRE_URL ?? 'http://127.0.0.1:8787'
const fakeUrl = process.env.FAKE_MODEL_URL ?? ''
const OPENING = 'Position: vitamin D status sets how much calcium the gut absorbs'
/**
 * Not yet issue 47's 100 ms (STOP_CLICK_BOUND_MS): a debate names no stopped outcome, so its
 * stream closes only once the runner has unwound and saved (measured 108-111 ms on a loaded
 * machine). Well under a word's 500 ms wait, so a stop that waited for the next chunk fails.
 */
const DEBATE_INTERRUPT_BOUND_MS = 400
/** Long enough that the run is still generating when the click lands (60 × 0.5 s). */
const SLOW_REPLY = `${OPENING} [1]. ${'The evidence is weighed further here. '.repeat(30)}`

/**
 * Scripts the fake: retrieval's plan and rerank (answered by their schema, whether or not
 * retrieval asks), then scientist 1's slowly streamed answer.
 */
async function script(): Promise<string> {
  const steps = [
    { forSchema: 'query_plan', json: { task: 'qa', variations: [] } },
    { forSchema: 'grades', json: { scores: [{ id: 1, score: 9 }] } },
    { reply: SLOW_REPLY, chunks: 60, chunkDelayMs: 500 },
  ]
  const res = await fetch(`${fakeUrl}/__scripts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ steps }),
  })
  const { key } = (await res.json()) as { key: string }
  return `[[fake:${key}]]`
}

/**
 * The same session in a second tab on a phone: it says the debate is still running, and a
 * second debate is refused next to its button, in the server's words.
 */
async function secondDebateIsRefused(page: Page, browser: Browser): Promise<void> {
  const stored = await page.evaluate(`localStorage.getItem('quire.sessions')`)
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  await context.addInitScript(`localStorage.setItem('quire.sessions', ${JSON.stringify(stored)})`)
  const tab = await context.newPage()
  await tab.goto(page.url())
  await tab.getByText('A debate is still running in this session').waitFor()
  await tab.fill('#debate-question', 'Should the second tab start its own debate?')
  await tab.click('#debate-form button[type="submit"]')
  const error = tab.locator('.debate-actions + .action-error')
  await error.waitFor()
  assert.equal(await error.textContent(), 'A run is already active for this session')
  assert.equal(await error.getAttribute('role'), 'alert')
  await tab.screenshot({
    path: `${process.env.E2E_ARTIFACTS ?? 'test/e2e/artifacts'}/debate-refused-390.png`,
  })
  await context.close()
}

async function interruptMidGeneration(page: Page, browser: Browser): Promise<void> {
  const marker = await script()
  await page.goto(`${base}/#/debate`)
  await page.fill(
    '#debate-question',
    `How does vitamin D status affect calcium absorption? ${marker}`,
  )
  await page.click('#debate-form button[type="submit"]')
  const debate = page.locator('.debate').first()
  const card = debate.locator('.debate-card').first()
  // Ingestion tries arXiv and Crossref first (unreachable here), then the answer streams.
  await card.locator('.debate-body', { hasText: 'Position:' }).waitFor({ timeout: 90_000 })
  await secondDebateIsRefused(page, browser)
  const elapsed = await timeClick(
    page,
    '#debate-interrupt',
    `document.querySelector('.debate .debate-terminal')?.checkVisibility()`,
  )
  console.log(`[e2e] debate interrupt: click to the terminal shown ${elapsed.toFixed(1)} ms`)
  const terminal = debate.locator('.debate-terminal')
  assert.equal(await terminal.getAttribute('data-state'), 'Debate Interrupted')
  assert.ok(elapsed < DEBATE_INTERRUPT_BOUND_MS, `the interrupt took ${elapsed} ms`)
  assert.match((await terminal.textContent()) ?? '', /interrupted|stopped/i)
  assert.equal(await debate.locator('.debate-card').count(), 1, 'no turn after the interrupt')
  const partial = (await card.locator('.debate-body').textContent()) ?? ''
  assert.ok(partial.includes('Position:'), 'the partial turn stays on the page')
  assert.ok(!partial.includes('Agreement:'), 'the turn did not run to its end')
  assert.match((await card.locator('.debate-cut').textContent()) ?? '', /Interrupted here/)
  const mode = debate.locator('.debate-mode')
  assert.equal(await mode.getAttribute('data-kind'), 'degraded', 'arXiv/Crossref fell back')
  assert.match((await mode.textContent()) ?? '', /unreachable/)
  // Interrupt ends with the run: the stream closes just after the terminal marker arrives.
  await page.locator('#debate-interrupt:disabled').waitFor()
  await shot(page, 'debate-interrupt')
  await page.setViewportSize({ width: 390, height: 844 })
  await shot(page, 'debate-interrupt-390')
  await page.setViewportSize({ width: 1280, height: 800 })
  await savedTranscript(page)
}

/** The session keeps the interrupted transcript: the debate's message, marked interrupted. */
async function savedTranscript(page: Page): Promise<void> {
  const session = await page.evaluate(() => sessionStorage.getItem('quire.session'))
  const { id, token } = JSON.parse(session ?? '{}') as { id?: string; token?: string }
  assert.ok(id && token, 'the tab holds its session key')
  assert.ok(page.url().includes(`#/debate/${id}`), `the session is in the address: ${page.url()}`)
  const res = await fetch(`${base}/api/sessions/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  assert.equal(res.status, 200)
  const stored = JSON.stringify(await res.json())
  // The stored message's data may be JSON inside JSON: allow escaped quotes.
  assert.match(stored, /terminal\\*":\\*"interrupted/, 'the saved debate is marked interrupted')
  assert.ok(stored.includes('Position: vitamin'), 'the partial turn is saved')
}

async function main(): Promise<void> {
  assert.ok(fakeUrl, 'FAKE_MODEL_URL is set by run.mjs')
  await runInBrowser(
    'debate-interrupt-failure',
    { width: 1280, height: 800 },
    async (page, browser) => {
      await interruptMidGeneration(page, browser)
      console.log('[e2e] debate interrupt: all checks passed')
    },
  )
}

await main()
