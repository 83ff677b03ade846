// Browser test of the evidence map (run by run.mjs in its offline phase, library ready), at
// 1280×800 and 390×844: a question framed as a claim about a topic the SciFact library covers
// shows the map beside the answer (below it on a phone) with the verdict, Supports and
// Contradicts, each source's [n] as the answer numbers it, and the offline note; a reload shows
// the same map from the stored message; a claim checked through POST /api/claims/check in the
// same session shows as a claim with its map; an open question shows none. Axe-clean, 24 px
// targets, no sideways scroll. Screenshots go to test/e2e/artifacts/claims-<what>-<width>.png.
import assert from 'node:assert/strict'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { seriousViolations } from './axe'
import {
  asOwnClient,
  assertNoSidewaysScroll,
  libraryReady,
  listedSession,
  runInBrowser,
  sessionInUrl,
  shot,
} from './helpers'

const base = process.env.QUIRE_URL ?? 'http://127.0.0.1:8787'
const artifacts = process.env.E2E_ARTIFACTS ?? path.resolve(import.meta.dirname, 'artifacts')
const DONE_TIMEOUT_MS = 120_000
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]
const CLAIM_QUESTION = 'Is amitriptyline effective in chronic tension-type headache?'
const CHECKED_CLAIM = 'Bariatric surgery reduces colorectal cancer'
const OPEN_QUESTION = 'How does vitamin D affect calcium absorption?'

interface MapView {
  verdict: string
  groups: string[]
  notes: string[]
  numbers: number[]
}

async function ask(page: Page, question: string, turn: number): Promise<void> {
  await page.fill('#question', question)
  await page.click('#ask-button')
  await page
    .locator(`#turn-${turn}:is([data-state="done"], [data-state="error"])`)
    .waitFor({ timeout: DONE_TIMEOUT_MS })
  assert.equal(await page.getAttribute(`#turn-${turn}`, 'data-state'), 'done', `turn ${turn} done`)
}

/** What the map of turn `n` shows, read from the page. */
async function mapOf(page: Page, turn: number): Promise<MapView> {
  const map = page.locator(`#turn-${turn} .claim-map`)
  await map.waitFor()
  return {
    verdict: ((await map.locator('.claim-verdict').textContent()) ?? '').trim(),
    groups: await map.locator('.claim-group-title').allTextContents(),
    notes: await map.locator('.claim-note').allTextContents(),
    numbers: (await map
      .locator('.claim-evidence')
      .evaluateAll((items) =>
        items.map((item) => Number((item as HTMLElement).dataset.n)),
      )) as number[],
  }
}

/** Every map source is one of the answer's sources under the same [n] and link. */
async function numberedAsTheAnswer(page: Page, turn: number, numbers: number[]): Promise<void> {
  for (const n of numbers) {
    const card = page.locator(`#turn-${turn} .source[data-n="${n}"] .source-title`)
    const entry = page.locator(`#turn-${turn} .claim-evidence[data-n="${n}"] .claim-source-title`)
    assert.equal(await card.count(), 1, `source [${n}] is among the answer's sources`)
    assert.equal(await entry.getAttribute('href'), await card.getAttribute('href'), `[${n}] link`)
    assert.equal(await entry.textContent(), await card.textContent(), `[${n}] title`)
  }
}

/** Links in the map are at least 24×24 px (WCAG 2.5.8). */
async function targetsBigEnough(page: Page, label: string): Promise<void> {
  const small = (await page.locator('.claim-map a').evaluateAll((links) =>
    links
      .map((a) => a.getBoundingClientRect())
      .filter((r) => r.width < 24 || r.height < 24)
      .map((r) => `${Math.round(r.width)}×${Math.round(r.height)}`),
  )) as string[]
  assert.deepEqual(small, [], `${label}: map links under 24×24 px`)
}

/** Beside the answer on a wide screen, below it on a phone. */
async function placedBy(page: Page, turn: number, width: number): Promise<void> {
  const answer = await page.locator(`#turn-${turn} .answer`).boundingBox()
  const map = await page.locator(`#turn-${turn} .claim-map`).boundingBox()
  assert.ok(answer && map, 'answer and map are laid out')
  if (width >= 1100) {
    assert.ok(map.x >= answer.x + answer.width, `the map is beside the answer at ${width}px`)
  } else {
    assert.ok(map.y >= answer.y + answer.height - 1, `the map is below the answer at ${width}px`)
  }
}

async function claimChecks(page: Page, width: number): Promise<void> {
  const label = String(width)
  await page.goto(`${base}/#/ask`)
  await ask(page, CLAIM_QUESTION, 1)
  const first = await mapOf(page, 1)
  console.log(`[e2e] claims ${label}: ${JSON.stringify(first)}`)
  assert.ok(first.verdict.length > 0, 'the verdict is said in words')
  assert.ok(first.numbers.length > 0, 'the library speaks to the claim')
  assert.match(first.groups[0] ?? '', /^Supports \(\d+\)$/)
  assert.match(first.groups[1] ?? '', /^Contradicts \(\d+\)$/)
  const counted = first.groups.reduce((sum, g) => sum + Number(/\((\d+)\)$/.exec(g)?.[1]), 0)
  assert.equal(counted, first.numbers.length, 'every source sits in exactly one stance group')
  assert.ok(
    first.notes.some((note) => /Stances estimated offline from wording/.test(note)),
    'offline, the page says the stances are estimated',
  )
  await numberedAsTheAnswer(page, 1, first.numbers)
  await placedBy(page, 1, width)
  await targetsBigEnough(page, label)
  await assertNoSidewaysScroll(page, `claims ${label}`)
  assert.deepEqual(await seriousViolations(page, `claims ${label}`), [])
  await shot(page, `claims-map-${label}`)

  await page.reload()
  assert.deepEqual(await mapOf(page, 1), first, 'a reload shows the same map')
  await shot(page, `claims-reloaded-${label}`)

  // A claim checked through the API in this session shows as a claim with its map.
  const session = await listedSession(page, sessionInUrl(page))
  const res = await fetch(`${base}/api/claims/check`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${session.token}`,
      'cf-connecting-ip': `198.51.100.${90 + (width % 7)}`,
    },
    body: JSON.stringify({ claim: CHECKED_CLAIM, session_id: session.id }),
  })
  assert.equal(res.status, 200, 'the claim check ran in the session')
  await page.reload()
  assert.equal(await page.locator('#turn-2 .question').textContent(), CHECKED_CLAIM)
  const checked = await mapOf(page, 2)
  assert.ok(checked.verdict.length > 0, 'the checked claim has its verdict')

  await ask(page, OPEN_QUESTION, 3)
  assert.equal(await page.locator('#turn-3 .claim-map').count(), 0, 'an open question has no map')
  await assertNoSidewaysScroll(page, `claims open ${label}`)
  assert.deepEqual(await seriousViolations(page, `claims all ${label}`), [])
  await shot(page, `claims-all-${label}`)
  await sharePageShowsMaps(page, session, label)
}

/** The session's share page renders both maps, readable and axe-clean at this width. */
async function sharePageShowsMaps(
  page: Page,
  session: { id: string; token: string },
  label: string,
): Promise<void> {
  const res = await fetch(`${base}/api/sessions/${session.id}/share`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
  })
  assert.equal(res.status, 201, 'the session was shared')
  const { url } = (await res.json()) as { url: string }
  await page.goto(url)
  assert.equal(await page.locator('.claim-map').count(), 2, 'the share page shows both maps')
  await assertNoSidewaysScroll(page, `claims share ${label}`)
  assert.deepEqual(await seriousViolations(page, `claims share ${label}`), [])
  await shot(page, `claims-share-${label}`)
  // The whole page is long (every quote of both maps): its first map, as a reader meets it.
  await page.locator('.claim-map').first().scrollIntoViewIfNeeded()
  await page.screenshot({ path: path.join(artifacts, `claims-share-map-${label}.png`) })
}

await libraryReady(base)
for (const [i, viewport] of SIZES.entries()) {
  await runInBrowser(
    `claims-${viewport.width}-failure`,
    viewport,
    (page) => claimChecks(page, viewport.width),
    asOwnClient(80 + i),
  )
}
console.log('[e2e] claims: all checks passed')
