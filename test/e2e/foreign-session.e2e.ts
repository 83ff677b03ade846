// Browser test of a session link opened in a browser that holds no key for it (run by run.mjs
// in its offline phase, library ready), at 1280×800 and 390×844: Ask, Debate, Papers and
// Write each say why the page is empty and what asking there starts; asking in Ask starts a
// new session (a new id in the URL), the notice goes, and the other browser's session is
// untouched. Screenshots go to test/e2e/artifacts/foreign-<mode>-<width>.png.
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import {
  asOwnClient,
  assertNoSidewaysScroll,
  libraryReady,
  runInBrowser,
  sessionInUrl,
  shot,
} from './helpers'

const base = process.env.QUIRE_URL ?? 'http://127.0.0.1:8787'
const DONE_TIMEOUT_MS = 120_000
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]
/** Each mode's words for what its next action starts. */
const NEXT: Record<string, RegExp> = {
  ask: /Asking a question here starts a new conversation\./,
  debate: /A debate started here starts a new session\./,
  papers: /A search, an upload or a question here starts a new session\./,
  write: /Writing or saving here starts a new document\./,
}

/** A session made elsewhere: another browser asked a question in it. */
async function othersSession(): Promise<{ id: string; token: string }> {
  const res = await fetch(`${base}/api/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.70' },
    body: JSON.stringify({ query: 'How does vitamin D affect calcium absorption?' }),
  })
  const body = (await res.json()) as { session_id: string; token: string }
  assert.equal(res.status, 200, 'the other browser asked')
  return { id: body.session_id, token: body.token }
}

async function storedCount(session: { id: string; token: string }): Promise<number> {
  const res = await fetch(`${base}/api/sessions/${session.id}`, {
    headers: { authorization: `Bearer ${session.token}` },
  })
  return ((await res.json()) as { messages: unknown[] }).messages.length
}

async function modeSaysWhy(page: Page, mode: string, id: string, label: string): Promise<void> {
  await page.goto(`${base}/#/${mode}/${id}`)
  const notice = page.locator('.foreign-session')
  await notice.waitFor()
  const words = (await notice.textContent()) ?? ''
  assert.match(words, /not held in this browser/, `${mode}: says the session is not held here`)
  assert.match(words, /opened in another browser/, `${mode}: says why`)
  assert.match(words, NEXT[mode] as RegExp, `${mode}: says what asking does`)
  assert.equal(await notice.getAttribute('role'), 'status')
  await assertNoSidewaysScroll(page, `foreign ${mode} ${label}`)
  await shot(page, `foreign-${mode}-${label}`)
}

/** Asking in a foreign Ask link starts a new session; the notice goes; nothing reaches the other. */
async function askingStartsNew(page: Page, other: { id: string; token: string }): Promise<void> {
  const before = await storedCount(other)
  await page.goto(`${base}/#/ask/${other.id}`)
  await page.locator('.foreign-session').waitFor()
  await page.fill('#question', 'Does vitamin D reduce the risk of fractures?')
  await page.click('#ask-button')
  await page
    .locator('#turn-1:is([data-state="done"], [data-state="error"])')
    .waitFor({ timeout: DONE_TIMEOUT_MS })
  const own = sessionInUrl(page)
  assert.notEqual(own, other.id, 'the question went to a new session')
  await page.locator('.foreign-session').waitFor({ state: 'detached' })
  assert.equal(await page.locator('#thread .turn').count(), 1, 'only the new question is shown')
  assert.equal(await storedCount(other), before, "the other browser's session is untouched")
}

await libraryReady(base)
const other = await othersSession()
for (const [i, viewport] of SIZES.entries()) {
  const label = String(viewport.width)
  await runInBrowser(
    `foreign-${label}-failure`,
    viewport,
    async (page) => {
      for (const mode of Object.keys(NEXT)) await modeSaysWhy(page, mode, other.id, label)
      await askingStartsNew(page, other)
      await shot(page, `foreign-ask-after-${label}`)
    },
    asOwnClient(70 + i),
  )
}
console.log('[e2e] foreign session: all checks passed')
