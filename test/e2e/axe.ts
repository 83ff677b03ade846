// axe-core in the page: injects node_modules/axe-core and returns the serious and critical
// violations (the bar), logged with their nodes so a failure says what to fix.
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown[] }[]
}

export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) {
    await page.addScriptTag({ path: axePath })
  }
  const violations = (await page.evaluate(
    `window.axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)`,
  )) as Violation[]
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const lines = bad.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  )
  console.log(
    `[e2e] axe ${label}: ${violations.length} violations, ${bad.length} serious or critical`,
  )
  for (const line of lines) console.log(`[e2e]   ${line}`)
  // The lesser ones too, by name, so they are seen and fixed rather than counted.
  for (const v of violations.filter((v) => !bad.includes(v)))
    console.log(
      `[e2e]   (${v.impact ?? 'unrated'}) ${v.id}: ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    )
  return lines
}
