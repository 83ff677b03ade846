// A user's own PDF (the offline path): size-capped, parsed per page in memory (its bytes are
// kept in R2 by the route), indexed into the session's paper namespace like a fetched paper.
// Its title comes from the form, the PDF's own metadata, its first page's title, or the file
// name, in that order.
import { getMeta } from 'unpdf'
import { TooLargeError, ValidationError } from '../errors'
import { plainLabel } from '../grounding'
import { hasPdfMagic, readPdf, type PdfPage } from '../sources'
import type { PaperToLoad } from './load'

export interface UploadedPdf {
  paper: PaperToLoad
  bytes: Uint8Array
  pages: PdfPage[]
}

async function metadataTitle(bytes: Uint8Array): Promise<string | undefined> {
  try {
    const meta = await getMeta(bytes.slice())
    const info = meta.info as Record<string, unknown> | undefined
    const title = typeof info?.Title === 'string' ? info.Title.replace(/\s+/g, ' ').trim() : ''
    // Producers often leave "untitled" or a file name; three words make a plausible title.
    return title.split(' ').length >= 3 && !/\.(pdf|docx?|tex)$/i.test(title) ? title : undefined
  } catch {
    return undefined
  }
}

async function hashOf(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes)
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

export async function readUploadedPdf(
  file: File,
  formTitle: string | undefined,
  maxBytes: number,
): Promise<UploadedPdf> {
  if (file.size > maxBytes) throw new TooLargeError(`The PDF is larger than ${maxBytes} bytes`)
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (!hasPdfMagic(bytes)) throw new ValidationError('file: not a PDF (no %PDF- header)')
  const { pages, title: pageTitle } = await readPdf(bytes)
  if (pages.length === 0) throw new ValidationError('file: the PDF has no extractable text')
  const fileTitle = file.name
    .replace(/\.pdf$/i, '')
    .replace(/[_]+/g, ' ')
    .trim()
  const title =
    plainLabel(formTitle ?? '') ||
    plainLabel((await metadataTitle(bytes)) ?? '') ||
    plainLabel(pageTitle ?? '') ||
    plainLabel(fileTitle) ||
    'Uploaded PDF'
  const id = `upload:${(await hashOf(bytes)).slice(0, 16)}`
  return {
    paper: {
      id,
      title: title.slice(0, 300),
      arxivId: null,
      pdfUrl: null,
      authors: [],
      year: null,
      abstract: null,
      absUrl: null,
    },
    bytes,
    pages,
  }
}
