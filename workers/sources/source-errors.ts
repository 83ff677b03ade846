// Typed failures of the sources layer: an upstream answered with something we cannot read
// (malformed Atom, a JSON shape we do not know), or a file is not a readable PDF.
import { ProviderError, ValidationError, type AppErrorOptions } from '../errors'

/** An upstream reply that is malformed or truncated; nothing from it is returned. */
export class SourceParseError extends ProviderError {
  constructor(provider: string, message: string, options: AppErrorOptions = {}) {
    super(provider, message, options)
    Object.defineProperty(this, 'code', { value: 'source_unreadable' })
  }
}

/** Bytes that claim to be (or must be) a PDF but cannot be read as one. */
export class PdfParseError extends ValidationError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super(message, options)
    Object.defineProperty(this, 'code', { value: 'pdf_unreadable' })
  }
}
