import { countTokens as gptTokenizerCount } from 'gpt-tokenizer/encoding/cl100k_base'
import { describe, expect, it } from 'vitest'
import {
  classifyFile,
  contextLimits,
  IMAGE_TOKENS,
  intakeFile,
  MAX_FILE_CHARS,
  type FileUpload,
} from '../../workers/context'
import { TooLargeError, ValidationError } from '../../workers/errors'
import { tinyPdf } from './tiny-pdf'

const options = { contextTokens: 128_000, now: 1_000 }
const encode = (text: string) => new TextEncoder().encode(text)

function anUpload(overrides: Partial<FileUpload> = {}): FileUpload {
  return {
    name: 'notes.md',
    contentType: 'text/markdown',
    bytes: encode('# Notes\n\nHello there.'),
    scope: 'message',
    ...overrides,
  }
}

describe('file intake', () => {
  it('counts a text file with the same number of tokens gpt-tokenizer gives', async () => {
    const text = '# Results\n\nThe effect size was 0.42 (95% CI 0.31–0.53); see Table 2. 日本語も。'
    const file = await intakeFile(anUpload({ bytes: encode(text) }), options)
    expect(file.tokens).toBe(gptTokenizerCount(text))
    expect(file).toMatchObject({
      kind: 'text',
      text,
      bytes: encode(text).byteLength,
      scope: 'message',
      indexed: false,
    })
  })

  it('extracts the text of a PDF and counts its tokens', async () => {
    const file = await intakeFile(
      anUpload({
        name: 'paper.pdf',
        contentType: 'application/pdf',
        bytes: tinyPdf('Grounded answers cite sources.'),
      }),
      options,
    )
    expect(file.kind).toBe('pdf')
    expect(file.text).toContain('Grounded answers cite sources.')
    expect(file.tokens).toBe(gptTokenizerCount(file.text))
  })

  it('gives an image the assumed token cost', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const file = await intakeFile(
      anUpload({ name: 'figure.png', contentType: 'image/png', bytes: png }),
      options,
    )
    expect(file).toMatchObject({ kind: 'image', tokens: IMAGE_TOKENS, text: '' })
  })

  it('refuses a message file larger than the context allows with the count and the limit', async () => {
    const small = { contextTokens: 1_000, now: 1 }
    const text = 'word '.repeat(600)
    const error = await intakeFile(anUpload({ bytes: encode(text) }), small).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(TooLargeError)
    expect((error as TooLargeError).details).toEqual({
      tokens: gptTokenizerCount(text),
      limit: contextLimits(1_000).file,
    })
  })

  it('accepts an oversized project file, which is retrieved from instead', async () => {
    const file = await intakeFile(
      anUpload({ bytes: encode('word '.repeat(600)), scope: 'project' }),
      { contextTokens: 1_000, now: 1 },
    )
    expect(file.scope).toBe('project')
  })

  it('refuses text longer than a session row can hold, even for a project file', async () => {
    const upload = anUpload({ bytes: encode('x'.repeat(MAX_FILE_CHARS + 1)), scope: 'project' })
    await expect(intakeFile(upload, options)).rejects.toBeInstanceOf(TooLargeError)
  })

  it('rejects bytes that are not UTF-8 text', async () => {
    const bad = anUpload({
      name: 'x.txt',
      contentType: 'text/plain',
      bytes: new Uint8Array([0xff, 0xfe, 0x00, 0xd8]),
    })
    await expect(intakeFile(bad, options)).rejects.toBeInstanceOf(ValidationError)
  })

  it('rejects a PDF whose bytes are not a PDF', async () => {
    const bad = anUpload({
      name: 'x.pdf',
      contentType: 'application/pdf',
      bytes: encode('not a pdf'),
    })
    await expect(intakeFile(bad, options)).rejects.toBeInstanceOf(ValidationError)
  })

  it('rejects an empty text file', async () => {
    await expect(intakeFile(anUpload({ bytes: encode('  \n') }), options)).rejects.toThrow(
      'no text',
    )
  })

  it('classifies by content type, then by extension, and refuses other types', () => {
    expect(classifyFile('a.bin', 'text/csv')).toBe('text')
    expect(classifyFile('README.md', '')).toBe('text')
    expect(classifyFile('scan.PDF', 'application/octet-stream')).toBe('pdf')
    expect(classifyFile('p.jpg', '')).toBe('image')
    expect(() => classifyFile('archive.zip', 'application/zip')).toThrow(ValidationError)
  })
})
