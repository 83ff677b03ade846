// Serves binary test fixtures (PDFs) to the workerd tests over loopback. Importing them as
// modules (`?inline`) put megabytes into vitest's module-runner messages, which exceed
// workerd's 1 MiB WebSocket message limit and crash the test pool.
import { readFile, readdir } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import path from 'node:path'
import { sendError } from './http-util'

const PDF_DIR = path.resolve(import.meta.dirname, '../../fixtures/pdfs')

/** GET /__fixtures/pdf?prefix=<file-name prefix>: the first fixture PDF whose name starts so. */
export async function servePdfFixture(res: ServerResponse, prefix: string): Promise<void> {
  const names = (await readdir(PDF_DIR)).filter((n) => n.endsWith('.pdf')).sort()
  const name = prefix ? names.find((n) => n.startsWith(prefix)) : undefined
  if (!name) return sendError(res, 404, { message: `No fixture PDF starting with "${prefix}"` })
  const bytes = await readFile(path.join(PDF_DIR, name))
  res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': bytes.length })
  res.end(bytes)
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/**
 * GET /__fixtures/page?marker=<word>: an article page whose title and text carry `marker`, so
 * a test can follow where a fetched page's text goes (tests allow this host in FETCH_ALLOW_HOSTS).
 */
export function servePageFixture(res: ServerResponse, marker: string): void {
  const word = escapeHtml(marker || 'unmarked')
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>The ${word} findings on bone density</title></head>
<body><article><h1>The ${word} findings on bone density</h1>
<p>Researchers studying ${word} report that daily ${word} supplementation raised bone mineral
density in older adults over two years, according to the ${word} trial registry.</p>
<p>The ${word} protocol recruited four hundred volunteers and measured lumbar density twice.</p>
</article></body></html>`
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  res.end(html)
}
