// Browser test of the Write mode (the shell's /#/write, run by run.mjs against `wrangler dev` with
// the scripted fake model): a message → the pending suggestion with its diff → approve → the
// content shows in the Results section → restore the first version; highlight-to-attach;
// screenshots saved.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { chromium, type Page } from 'playwright-core'
import { seriousViolations } from './axe'
import { shot } from './helpers'

const base = process.env.QUIRE_URL ?? 'http://127.0.0.1:8787'
const fakeUrl = process.env.FAKE_MODEL_URL ?? ''
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run']
const CONTENT =
  'Daily vitamin D supplementation raised lumbar bone density by about one percent in older adults.'
const PAPER = `# Vitamin D and bone health

## Introduction

Bone density declines with age.

## Methods

We reviewed randomised trials in adults over sixty.

## Results

Most trials report small effects.

## Conclusion

More trials are needed.
`

/** Scripts the fake: the stage 1 reply, then the placement the preview asks for. */
async function script(): Promise<string> {
  const stage1 = {
    message: 'Here is a paragraph for your Results.',
    document_content: CONTENT,
    document_structure: [],
    sources: ['Vitamin D supplementation and bone density'],
    new_types: [],
  }
  const placement = {
    action: 'append_to_section',
    target: 'b6',
    heading: '',
    replace: [],
    reason: 'the user named Results',
  }
  const res = await fetch(`${fakeUrl}/__scripts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ steps: [{ json: stage1 }, { json: placement }] }),
  })
  const { key } = (await res.json()) as { key: string }
  return `[[fake:${key}]]`
}

async function seedDocument(page: Page): Promise<void> {
  // The old page's address lands on the app's Write mode.
  await page.goto(`${base}/write.html`)
  await page.waitForURL(/#\/write$/)
  await page.locator('.write-empty').waitFor({ state: 'visible' })
  // The user's own draft, pasted into the editor, becomes version 1 of a new session.
  await page.click('.write-edit')
  await page.fill('.write-editor', PAPER)
  await page.click('.write-save')
  await page.locator('.write-body h2').first().waitFor({ state: 'visible' })
  await page.waitForURL(/#\/write\/[\w-]+$/)
  // A reload reopens the same document from the address.
  await page.reload()
  await page.locator('.write-body[data-version="1"] h2').first().waitFor({ state: 'visible' })
}

/** The heading the paragraph containing `text` sits under in the rendered document. */
const sectionOf = (page: Page, text: string) =>
  page.evaluate(`(() => {
    let heading = null
    for (const el of document.querySelectorAll('.write-body > *')) {
      if (/^H[1-6]$/.test(el.tagName)) heading = el.textContent.trim()
      else if (el.textContent.includes(${JSON.stringify(text)})) return heading
    }
    return undefined
  })()`) as Promise<string | null | undefined>

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: FLAGS,
    timeout: 30_000,
  })
  const page = await browser.newPage({ viewport: { width: 1300, height: 1200 } })
  page.setDefaultTimeout(30_000)
  try {
    await seedDocument(page)
    // Highlight-to-attach: selecting document text offers it for the next message.
    await page.evaluate(`(() => {
      const p = [...document.querySelectorAll('.write-body p')].find((x) => x.textContent.includes('small effects'))
      const range = document.createRange(); range.selectNodeContents(p)
      const sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(range)
      p.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }))
    })()`)
    await page.locator('.write-chip').waitFor({ state: 'visible' })
    const marker = await script()
    await page.fill(
      '#write-input',
      `Add a paragraph on vitamin D and bone density to the Results section ${marker}`,
    )
    await page.click('.write-form button[type="submit"]')
    const card = page.locator('.write-suggestion')
    await card.waitFor({ state: 'visible', timeout: 60_000 })
    assert.ok((await card.locator('.diff-add').count()) > 0, 'the diff shows the added lines')
    await shot(page, 'write-pending')
    await page.click('.write-approve')
    await page.locator('.write-body[data-version="2"]').waitFor({ state: 'attached' })
    // The view takes the next action once the version list shows the new version.
    await page.locator('.write-restore[data-version="1"]').waitFor({ state: 'attached' })
    assert.equal(await sectionOf(page, 'lumbar bone density'), 'Results', 'placed in Results')
    await shot(page, 'write-placed')
    assert.deepEqual(await seriousViolations(page, 'Write'), [])
    // The export holds the placed paragraph and every word of the draft.
    // The first references an isolate formats build citeproc's engine: seconds under load.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.click('.write-export[data-format="md"]'),
    ])
    const exported = await readFile((await download.path()) ?? '', 'utf8')
    // The placed sentence is cited ("… adults [1].") and its source listed under References.
    const cited = `${CONTENT.slice(0, -1)} [1].`
    for (const words of [
      cited,
      '## References',
      'Bone density declines with age.',
      'More trials are needed.',
    ]) {
      assert.ok(exported.includes(words), `the Markdown export holds "${words}"`)
    }
    await page.click('.write-restore[data-version="1"]')
    await page.locator('.write-body[data-version="3"]').waitFor({ state: 'attached' })
    assert.equal(await sectionOf(page, 'lumbar bone density'), undefined, 'restored without it')
    assert.equal(await sectionOf(page, 'small effects'), 'Results')
    await shot(page, 'write-restored')
    console.log('[e2e] write page: all checks passed')
  } catch (error) {
    await shot(page, 'write-failure').catch(() => undefined)
    throw error
  } finally {
    await browser.close()
  }
}

await main()
