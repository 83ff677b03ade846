// Browser test of Ask's composer and answers at 1280×800 and 390×844 (run by run.mjs in its
// offline phase, library ready): a tapped citation's card ends fully above the docked
// composer and every citation chip is a 24×24 px target; a paste longer than the server's
// question limit is cut with a note saying so; a blank question is refused in words and not
// sent; an abstention's own reason is shown again after a reload. Screenshots go to
// test/e2e/artifacts/composer-<width>-*.png.
import assert from 'node:assert/strict'
import type { Page } from 'playwright-core'
import { asOwnClient, libraryReady, runInBrowser, shot } from './helpers'

const base = process.env.QUIRE_URL ?? 'http://127.0.0.1:8787'
const artifacts = process.env.E2E_ARTIFACTS ?? 'test/e2e/artifacts'
const DONE_TIMEOUT_MS = 120_000
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]
/** Matches the server's QUERY_MAX_CHARS (test/web/composer-words.test.ts holds them equal). */
const LIMIT = 4000
/** The reason the page falls back to when none is stored: a reload must not show it. */
const GENERIC_REASON = 'The sources found do not cover this question.'

async function askAndWait(page: Page, question: string, turn: number): Promise<void> {
  await page.fill('#question', question)
  await page.click('#ask-button')
  await page
    .locator(`#turn-${turn}:is([data-state="done"], [data-state="error"])`)
    .waitFor({ timeout: DONE_TIMEOUT_MS })
}

type Rect = { top: number; bottom: number; width: number; height: number }

/** Every citation chip of the page is at least 24×24 px. */
async function chipsAreTargets(page: Page, label: string): Promise<void> {
  const chips = (await page.$$eval('#thread sup.cite a', (links) =>
    links.map((a) => ({
      width: a.getBoundingClientRect().width,
      height: a.getBoundingClientRect().height,
    })),
  )) as { width: number; height: number }[]
  assert.ok(chips.length >= 1, `${label}: the answer carries citations`)
  for (const chip of chips)
    assert.ok(chip.width >= 24 && chip.height >= 24, `${label}: chip ${JSON.stringify(chip)}`)
}

/** Waits until the page's scroll position holds still (a smooth scroll has ended). */
async function scrollSettled(page: Page): Promise<void> {
  let last = -1
  for (let i = 0; i < 40; i += 1) {
    const now = (await page.evaluate('window.scrollY')) as number
    if (now === last) return
    last = now
    await page.waitForTimeout(150)
  }
}

/**
 * Scrolls so that a citation stays in view while its card straddles the composer's top edge
 * (about 40 px of it showing, as in the issue), taps it, and checks the card ends wholly
 * between the top of the view and the composer's top edge.
 */
async function cardClearsComposer(page: Page, label: string): Promise<void> {
  const href = (await page.evaluate(`(() => {
    const composer = document.querySelector('#ask-form').getBoundingClientRect().top
    for (const chip of document.querySelectorAll('#turn-1 sup.cite a')) {
      const card = document.getElementById(decodeURIComponent(chip.getAttribute('href').slice(1)))
      const shift = card.getBoundingClientRect().top - (composer - 40)
      const chipTop = chip.getBoundingClientRect().top - shift
      if (chipTop < 0 || chipTop > composer - 80) continue
      window.scrollBy(0, shift)
      return chip.getAttribute('href')
    }
    return null
  })()`)) as string | null
  assert.ok(href, `${label}: a citation whose card can start under the composer`)
  const chip = page.locator(`#turn-1 sup.cite a[href="${href}"]`).first()
  const card = page.locator(`[id="${decodeURIComponent(href.slice(1))}"]`)
  const rects = async () =>
    (await page.evaluate(`(() => {
      const box = (el) => { const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, width: r.width, height: r.height } }
      return { card: box(document.getElementById(${JSON.stringify(decodeURIComponent(href.slice(1)))})), composer: box(document.querySelector('#ask-form')) }
    })()`)) as { card: Rect; composer: Rect }
  await scrollSettled(page)
  const before = await rects()
  assert.ok(
    before.card.bottom > before.composer.top,
    `${label}: the card starts under the composer (${JSON.stringify(before)})`,
  )
  await page.screenshot({ path: `${artifacts}/composer-${label}-citation-before.png` })
  await chip.click()
  await scrollSettled(page)
  const after = await rects()
  assert.ok(await card.evaluate((el) => el.classList.contains('is-highlighted')))
  assert.ok(after.card.top >= 0, `${label}: the card's top is in view (${JSON.stringify(after)})`)
  assert.ok(
    after.card.bottom <= after.composer.top,
    `${label}: the card ends above the composer (${JSON.stringify(after)})`,
  )
  await page.screenshot({ path: `${artifacts}/composer-${label}-citation.png` })
}

/** A paste past the limit keeps what fits and says how much was left out. */
async function cutPasteIsSaid(page: Page, label: string): Promise<void> {
  const long = `Does vitamin D help? ${'a'.repeat(LIMIT + 2_500 - 21)}`
  await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(long)})`)
  await page.fill('#question', '')
  await page.focus('#question')
  await page.keyboard.press('Control+V')
  const note = page.locator('#question-note')
  await note.waitFor()
  assert.equal(((await page.inputValue('#question')) ?? '').length, LIMIT, `${label}: cut to fit`)
  assert.match(
    (await note.textContent()) ?? '',
    /4,000 of 4,000 characters.*Your paste was cut: its last 2,500 characters were left out\./,
  )
  assert.equal(await page.getAttribute('#question', 'aria-describedby'), 'question-note')
  await page.screenshot({ path: `${artifacts}/composer-${label}-paste.png` })
  // Deleting makes room again: the note goes.
  await page.keyboard.press('Backspace')
  await note.waitFor({ state: 'detached' })
}

/** Blank space is refused in words, and nothing is sent. */
async function blankIsRefused(page: Page, label: string, turnsBefore: number): Promise<void> {
  const asked: string[] = []
  const onRequest = (request: { url(): string }) => {
    if (request.url().includes('/api/ask')) asked.push(request.url())
  }
  page.on('request', onRequest)
  await page.fill('#question', '  \n\t  ')
  await page.click('#ask-button')
  const note = page.locator('#question-note')
  await note.waitFor()
  assert.match((await note.textContent()) ?? '', /Type a question first/)
  await page.waitForTimeout(500)
  page.off('request', onRequest)
  assert.deepEqual(asked, [], `${label}: a blank question is not sent`)
  assert.equal(await page.locator('#thread .turn').count(), turnsBefore, `${label}: no new turn`)
  assert.equal(
    await page.evaluate('document.activeElement?.id'),
    'question',
    `${label}: focus stays in the field`,
  )
  await page.screenshot({ path: `${artifacts}/composer-${label}-blank.png` })
  await page.fill('#question', 'x')
  await note.waitFor({ state: 'detached' })
  await page.fill('#question', '')
}

/** The reason an abstention gave is the one shown after a reload, not the generic one. */
async function abstentionSurvivesReload(page: Page, label: string): Promise<void> {
  // A first question that points back at nothing: offline, it abstains with its own reason.
  const turn = 1
  await page.goto(`${base}/#/ask`)
  await askAndWait(page, 'Were the results significant?', turn)
  const notice = page.locator(`#turn-${turn} .notice-abstained`)
  const live = ((await notice.textContent()) ?? '').trim()
  assert.ok(live && !live.includes(GENERIC_REASON), `${label}: a specific reason (${live})`)
  const status = await page.locator(`#turn-${turn} .status`).textContent()
  await page.reload()
  await page.locator(`#turn-${turn}[data-state="done"]`).waitFor()
  assert.equal(
    ((await notice.textContent()) ?? '').trim(),
    live,
    `${label}: same reason after reload`,
  )
  assert.equal(await page.locator(`#turn-${turn} .status`).textContent(), status)
  await notice.scrollIntoViewIfNeeded()
  await shot(page, `composer-${label}-abstained-reload`)
}

await libraryReady(base)
for (const [i, viewport] of SIZES.entries()) {
  const label = String(viewport.width)
  await runInBrowser(
    `composer-${label}-failure`,
    viewport,
    async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
      await page.goto(`${base}/#/ask`)
      await askAndWait(page, 'How does vitamin D affect calcium absorption?', 1)
      await chipsAreTargets(page, label)
      await cardClearsComposer(page, label)
      await cutPasteIsSaid(page, label)
      await blankIsRefused(page, label, 1)
      await abstentionSurvivesReload(page, label)
    },
    asOwnClient(60 + i),
  )
}
console.log('[e2e] composer: all checks passed')
