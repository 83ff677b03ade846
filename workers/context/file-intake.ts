// Upload processing: decide the file's kind, extract its text (PDF pages through unpdf), count
// its tokens once with the default tokenizer, and refuse a message file the window cannot hold.
import { TooLargeError, ValidationError } from '../errors'
import { countTokens } from '../llm'
import { extractPdfPages } from '../sources'
import { contextLimits, IMAGE_TOKENS } from './budget'
import type { ContextFile } from './file-store'

export interface FileUpload {
  name: string
  contentType: string
  bytes: Uint8Array
  scope: ContextFile['scope']
}

export interface IntakeOptions {
  /** The chosen model's window, which decides how large a file may be. */
  contextTokens: number
  now: number
}

/** Extracted text kept per file; the session object's SQLite rows cap at 2 MB. */
export const MAX_FILE_CHARS = 1_000_000

const TEXT_EXTENSIONS = /\.(txt|md|markdown|csv|tsv|json|html?|xml|ya?ml|rst|tex)$/i
const IMAGE_TYPES = /^image\/(png|jpe?g|gif|webp)$/i

export function classifyFile(name: string, contentType: string): ContextFile['kind'] {
  const type = contentType.toLowerCase().split(';')[0]?.trim() ?? ''
  if (type === 'application/pdf' || /\.pdf$/i.test(name)) return 'pdf'
  if (IMAGE_TYPES.test(type) || /\.(png|jpe?g|gif|webp)$/i.test(name)) return 'image'
  if (type.startsWith('text/') || type === 'application/json' || TEXT_EXTENSIONS.test(name)) {
    return 'text'
  }
  throw new ValidationError(`Unsupported file type: ${contentType || name}`, {
    details: { accepted: ['text/*', 'markdown', 'application/pdf', 'image/png|jpeg|gif|webp'] },
  })
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch (cause) {
    throw new ValidationError('The file is not valid UTF-8 text', { cause })
  }
}

async function extractText(kind: ContextFile['kind'], bytes: Uint8Array): Promise<string> {
  if (kind === 'text') return decodeText(bytes)
  if (kind === 'image') return ''
  const pages = await extractPdfPages(bytes)
  return pages
    .map((page) => page.text.trim())
    .filter(Boolean)
    .join('\n\n')
}

/** Turns an upload into a stored-file record, or throws (nothing is stored on failure). */
export async function intakeFile(upload: FileUpload, options: IntakeOptions): Promise<ContextFile> {
  const kind = classifyFile(upload.name, upload.contentType)
  const text = await extractText(kind, upload.bytes)
  if (kind !== 'image' && !text.trim()) throw new ValidationError('The file contains no text')
  if (text.length > MAX_FILE_CHARS) {
    throw new TooLargeError(
      `The file's text has ${text.length} characters; at most ${MAX_FILE_CHARS}`,
      {
        details: { characters: text.length, limit: MAX_FILE_CHARS },
      },
    )
  }
  const tokens = kind === 'image' ? IMAGE_TOKENS : countTokens(text)
  const limit = contextLimits(options.contextTokens).file
  // Project files are exempt: a project too large for the window is retrieved from instead.
  if (upload.scope === 'message' && tokens > limit) {
    throw new TooLargeError(`The file has ${tokens} tokens; at most ${limit} fit in the context`, {
      details: { tokens, limit },
    })
  }
  return {
    id: crypto.randomUUID(),
    scope: upload.scope,
    name: upload.name,
    contentType: upload.contentType || 'application/octet-stream',
    kind,
    text,
    tokens,
    bytes: upload.bytes.byteLength,
    indexed: false,
    createdAt: options.now,
  }
}
