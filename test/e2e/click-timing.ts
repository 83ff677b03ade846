// Times a click to the moment the page shows its effect, measured inside the page: a capture
// listener notes the click, a MutationObserver the first DOM change after which `settled`
// (a JS expression) holds. Playwright's own polling would add its interval to the figure.
import type { Page } from 'playwright-core'

/** The page's Stop and Interrupt must show the stop within this (issue 47). */
export const STOP_CLICK_BOUND_MS = 100

export async function timeClick(page: Page, selector: string, settled: string): Promise<number> {
  await page.evaluate(`(() => {
    const timing = (window.__clickTiming = {})
    document.querySelector(${JSON.stringify(selector)}).addEventListener(
      'click', () => { timing.clicked = performance.now() }, { capture: true, once: true })
    const observer = new MutationObserver(() => {
      if (timing.clicked === undefined || !(${settled})) return
      timing.settled = performance.now()
      observer.disconnect()
    })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true })
  })()`)
  await page.click(selector)
  await page.waitForFunction(`window.__clickTiming.settled !== undefined`, undefined, {
    timeout: 20_000,
  })
  return (await page.evaluate(
    `window.__clickTiming.settled - window.__clickTiming.clicked`,
  )) as number
}
