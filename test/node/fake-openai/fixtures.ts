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
