// A page on another origin that embeds /widget.js, for the widget's browser tests: served on
// 127.0.0.1:<port> (the origin run.mjs lists in WIDGET_ORIGINS), with CSS that tries hard to
// break embedded UIs. The same page as http://localhost:<port> is an origin not on the list.
import { createServer, type Server } from 'node:http'
import type { Page } from 'playwright-core'

function hostPage(base: string, key: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A library blog</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>* { color: #c00 !important; font-size: 30px !important; } button { display: none !important; }
.panel, .bubble { display: none !important; }</style></head>
<body><main><h1>Our library blog</h1><p>Ask our library about vitamin D.</p></main>
<script src="${base}/widget.js" data-quire-endpoint="${base}" data-mode="ask"
  data-title="Ask our library" data-key="${key}" async></script></body></html>`
}

export function serveHostPage(base: string, port: number, key: string): Promise<Server> {
  const html = hostPage(base, key)
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(html)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

export function closeHostPage(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}

/** Opens the widget and sends a question; returns the answer block it adds. */
export async function askTheWidget(page: Page, question: string, nth: number) {
  const panel = page.locator('quire-widget .panel')
  if (!(await panel.isVisible())) await page.locator('quire-widget .bubble').click()
  await page.locator('quire-widget textarea').fill(question)
  await page.locator('quire-widget .send').click()
  return page.locator('quire-widget .a').nth(nth)
}
