// Browser test of the Write mode with no model (run.mjs's offline phase): a request drafts
// content extractively from the knowledge base, labelled offline and with its sources; Approve
// places it with the deterministic placer, and no word of the user's draft is lost.
import assert from 'node:assert/strict'
import { chromium } from 'playwright-core'
import { seriousViolations } from './axe'
import { libraryReady, shot } from './helpers'

const base = process.env.QUIRE_URL ?? 'http://127.0.0.1:8787'
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run']
const STEP_TIMEOUT_MS = 60_000
const DRAFT = `# Vitamin D in older adults

## Background

Falls and fractures are common after seventy.

## Evidence

Trials of supplements disagree.
`

async function main(): Promise<void> {
  await libraryReady(base)
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: FLAGS,
    timeout: 30_000,
  })
  const page = await browser.newPage({ viewport: { width: 1300, height: 1100 } })
  page.setDefaultTimeout(STEP_TIMEOUT_MS)
  try {
    await page.goto(`${base}/#/write`)
    await page.click('.write-edit')
    await page.fill('.write-editor', DRAFT)
    await page.click('.write-save')
    await page.locator('.write-body[data-version="1"] h2').first().waitFor()
    await page.fill('#write-input', 'Add a paragraph on vitamin D and calcium absorption')
    await page.click('.write-form button[type="submit"]')
    const card = page.locator('.write-suggestion')
    await card.waitFor({ state: 'visible' })
    const chat = (await page.locator('.write-log').textContent()) ?? ''
    assert.match(chat, /offline/i, 'the chat says the draft was made offline')
    assert.ok((await card.locator('.write-sources li').count()) > 0, 'the draft lists sources')
    assert.match(
      (await card.locator('.write-where').textContent()) ?? '',
      /deterministic/,
      'offline, the deterministic placer decides where it goes',
    )
    await shot(page, 'write-offline-pending')
    assert.deepEqual(await seriousViolations(page, 'Write offline'), [])
    await page.click('.write-approve')
    await page.locator('.write-body[data-version="2"]').waitFor({ state: 'attached' })
    const text = (await page.locator('.write-body').textContent()) ?? ''
    for (const words of [
      'Falls and fractures are common after seventy.',
      'Trials of supplements disagree.',
    ]) {
      assert.ok(text.includes(words), `the draft's "${words}" is still there`)
    }
    await shot(page, 'write-offline-placed')
    console.log('[e2e] write page offline: all checks passed')
  } catch (error) {
    await shot(page, 'write-offline-failure').catch(() => undefined)
    throw error
  } finally {
    await browser.close()
  }
}

await main()
