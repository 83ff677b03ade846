// Browser test of the answer page (run by run.mjs against `wrangler dev`, offline, with a few
// vitamin D abstracts indexed): ask, watch the status line, check citations and source links,
// follow up in the same session, Stop mid-answer, and save screenshots.
import assert from 'node:assert/strict'
import path from 'node:path'
import { chromium, type Page } from 'playwright-core'

const base = process.env.QUIRE_URL ?? 'http://127.0.0.1:8787'
const artifacts = process.env.E2E_ARTIFACTS ?? path.resolve(import.meta.dirname, 'artifacts')
const STEP_TIMEOUT_MS = 30_000
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const KNOWN_STATUSES = [
  'Searching sources…',
  'Evaluating credibility…',
  'Synthesizing answer…',
  'Adding visuals…',
  'Formatting the answer…',
  'Answer ready.',
]

/** Slows responses to `bytesPerSecond` so streamed packets arrive one by one, as over a slow link. */
async function throttle(page: Page, bytesPerSecond: number | null): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: bytesPerSecond ? 20 : 0,
    downloadThroughput: bytesPerSecond ?? -1,
    uploadThroughput: -1,
  })
}

/**
 * Records every text the status line of turn `n` shows. In-page code is a string: tsx would
 * otherwise wrap named functions in a helper that does not exist in the page.
 */
async function watchStatuses(page: Page, turn: number): Promise<void> {
  await page.evaluate(`(() => {
    const seen = []
    window.statuses_${turn} = seen
    new MutationObserver(() => {
      const text = document.querySelector('#turn-${turn} .status')?.textContent ?? ''
      if (text && seen[seen.length - 1] !== text) seen.push(text)
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })()`)
}

const statusesOf = (page: Page, turn: number) =>
  page.evaluate(`window.statuses_${turn} ?? []`) as Promise<string[]>

async function ask(page: Page, question: string): Promise<void> {
  await page.fill('#question', question)
  await page.click('#ask-button')
}

async function firstAnswer(page: Page): Promise<void> {
  await page.goto(base)
  await page.getByRole('heading', { name: /answer you can check/i }).waitFor()
  assert.equal(
    (await page.locator('a[href="/openapi.json"]').count()) > 0,
    true,
    'links to /openapi.json',
  )
  await page.locator('#mode-badge').getByText('Offline mode').waitFor({ timeout: STEP_TIMEOUT_MS })

  await watchStatuses(page, 1)
  await throttle(page, 1000)
  await ask(page, 'How does vitamin D status affect calcium absorption?')
  await page.locator('#turn-1[data-state="done"]').waitFor({ timeout: 90_000 })
  await throttle(page, null)

  const statuses = await statusesOf(page, 1)
  const known = statuses.filter((s) => KNOWN_STATUSES.includes(s))
  assert.ok(
    known.length >= 3,
    `status line changed through the steps, saw: ${statuses.join(' | ')}`,
  )
  assert.equal(statuses.at(-1), 'Answer ready.')

  const cites = page.locator('#turn-1 .answer sup.cite a')
  assert.ok((await cites.count()) >= 1, 'the answer carries at least one citation')
  const target = (await cites.first().getAttribute('href')) ?? ''
  assert.match(target, /^#turn-1-source-\d+$/)
  await cites.first().click()
  assert.equal(await page.locator(`${target}`).count(), 1, 'a citation links to its source')
  assert.equal(await page.evaluate(() => location.hash), target)
  await checkSourceLinks(page)
  assert.ok(
    (await page.locator('#turn-1 .related-question').count()) >= 1,
    'related questions are offered',
  )
  await page.locator('#turn-1').scrollIntoViewIfNeeded()
  await page.screenshot({ path: path.join(artifacts, 'answer.png') })
}

/** Every source has a title link; links into Quire itself must answer 200. */
async function checkSourceLinks(page: Page): Promise<void> {
  const links = await page.locator('#turn-1 .source-title').evaluateAll((nodes) =>
    nodes.map((node) => ({
      href: (node as HTMLAnchorElement).href,
      text: node.textContent ?? '',
    })),
  )
  assert.ok(links.length >= 1, 'sources are listed')
  for (const link of links) {
    assert.ok(link.text.trim().length > 0, 'a source has a title')
    const url = new URL(link.href)
    assert.match(url.protocol, /^https?:$/, `source link ${link.href} is a web link`)
    if (url.origin === new URL(base).origin) {
      const res = await fetch(link.href)
      assert.equal(res.status, 200, `source link ${link.href} works`)
    }
  }
}

async function stopMidAnswer(page: Page): Promise<void> {
  await watchStatuses(page, 2)
  // Slow enough that the stream is still arriving when Stop is pressed.
  await throttle(page, 250)
  await page.locator('#turn-1 .related-question').first().click()
  await page.locator('#stop-button').waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS })
  // Stop once part of the answer is on screen (the throttled stream is still arriving).
  await page.waitForFunction(
    () => (document.querySelector('#turn-2 .answer')?.textContent ?? '').trim().length > 0,
    undefined,
    { timeout: STEP_TIMEOUT_MS },
  )
  assert.equal(
    await page.locator('#turn-2').getAttribute('data-state'),
    'streaming',
    'still answering',
  )
  await page.click('#stop-button')
  await page.locator('#turn-2[data-state="stopped"]').waitFor({ timeout: STEP_TIMEOUT_MS })
  assert.equal(await page.locator('#turn-2 .status').textContent(), 'Stopped.')
  const partial = (await page.locator('#turn-2 .answer').textContent())?.trim() ?? ''
  assert.ok(partial.length > 0, 'the part of the answer already shown stays on screen')
  const settled = await page.locator('#turn-2 .answer').textContent()
  await page.waitForTimeout(1500)
  assert.equal(
    await page.locator('#turn-2 .answer').textContent(),
    settled,
    'nothing more streams in',
  )
  assert.equal(await page.locator('#ask-button').isDisabled(), false, 'the ask box is free again')
  await throttle(page, null)
  await page.locator('#turn-2').scrollIntoViewIfNeeded()
  await page.screenshot({ path: path.join(artifacts, 'stopped.png') })
}

async function followUpAfterStop(page: Page): Promise<void> {
  const session = await page.evaluate(() => sessionStorage.getItem('quire.session'))
  assert.ok(session, 'the session is kept in sessionStorage')
  await ask(page, 'What serum level of 25-hydroxyvitamin D is considered adequate?')
  await page.locator('#turn-3[data-state="done"]').waitFor({ timeout: 60_000 })
  assert.equal(
    await page.evaluate(() => sessionStorage.getItem('quire.session')),
    session,
    'same session',
  )
  assert.ok(
    (await page.locator('#turn-3 .answer').textContent())?.trim(),
    'the follow-up is answered',
  )
}

async function reloadKeepsConversation(page: Page): Promise<void> {
  await page.reload()
  await page.locator('#turn-3[data-state="done"]').waitFor({ timeout: STEP_TIMEOUT_MS })
  // Offline runs finish in milliseconds, so the server may have completed turn 2 before the
  // stop reached it: the restored turn is whatever the session saved.
  assert.match((await page.locator('#turn-2').getAttribute('data-state')) ?? '', /^(stopped|done)$/)
  assert.ok(
    (await page.locator('#turn-1 .answer sup.cite a').count()) >= 1,
    'restored with citations',
  )
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
    await firstAnswer(page)
    await stopMidAnswer(page)
    await followUpAfterStop(page)
    await reloadKeepsConversation(page)
    console.log('[e2e] answer page: all checks passed')
  } catch (error) {
    await page
      .screenshot({ path: path.join(artifacts, 'failure.png'), fullPage: true })
      .catch(() => undefined)
    throw error
  } finally {
    await browser.close()
  }
}

await main()
