// Reads a file upload from either form: multipart (`file` field, optional `scope`) or JSON
// ({name, content_type, content_base64 | text, scope}). Only reading; intake is in context/.
import type { Context } from 'hono'
import type { FileUpload } from '../context'
import { AppError, TooLargeError, ValidationError } from '../errors'
import { plainLabel } from '../grounding'
import { invalidInput, type AppEnv } from '../http'
import { fileJsonSchema } from './schemas'

function decodeBase64(value: string): Uint8Array {
  try {
    const binary = atob(value.replace(/\s+/g, ''))
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0))
  } catch (cause) {
    throw new ValidationError('content_base64: is not valid base64', { cause })
  }
}

async function readMultipart(c: Context<AppEnv>): Promise<FileUpload> {
  const form = await c.req.formData().catch((cause: unknown) => {
    throw new ValidationError('The multipart body could not be read', { cause })
  })
  // Typed as string by the default workers-types; the runtime returns a File for file parts.
  const file: unknown = form.get('file')
  if (!(file instanceof File))
    throw new ValidationError('file: is required (a multipart file part)')
  const scope = form.get('scope') ?? 'message'
  if (scope !== 'message' && scope !== 'project') {
    throw new ValidationError('scope: must be "message" or "project"')
  }
  const name = plainLabel(file.name).slice(0, 300) || 'upload'
  return { name, contentType: file.type, bytes: new Uint8Array(await file.arrayBuffer()), scope }
}

async function readJson(c: Context<AppEnv>): Promise<FileUpload> {
  const body: unknown = await c.req.json().catch((cause: unknown) => {
    throw new AppError(400, 'invalid_json', 'The request body is not valid JSON', { cause })
  })
  const parsed = fileJsonSchema.safeParse(body)
  if (!parsed.success) {
    throw invalidInput(parsed.error)
  }
  const { name, content_type, content_base64, text, scope } = parsed.data
  const bytes =
    text !== undefined ? new TextEncoder().encode(text) : decodeBase64(content_base64 ?? '')
  const contentType = content_type ?? (text !== undefined ? 'text/plain' : '')
  return { name: plainLabel(name).slice(0, 300) || 'upload', contentType, bytes, scope }
}

export async function readUpload(c: Context<AppEnv>): Promise<FileUpload> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase()
  const upload = type.startsWith('multipart/form-data') ? await readMultipart(c) : await readJson(c)
  const max = c.get('deps').config.limits.maxUploadBytes
  if (upload.bytes.byteLength > max) {
    throw new TooLargeError(`The file exceeds ${max} bytes`, {
      details: { bytes: upload.bytes.byteLength, limit: max },
    })
  }
  return upload
}
