// Parses arXiv export API Atom feeds into ArxivPaper. Malformed or truncated XML is refused as
// a whole (SourceParseError); arXiv's error entry (a 400 disguised as a feed) is a ValidationError.
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { z } from 'zod'
import { ValidationError } from '../errors'
import type { ArxivPaper } from './scholarly-types'
import { SourceParseError } from './source-errors'

const ARRAY_TAGS = new Set(['entry', 'author', 'link', 'category'])

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Keep every value a string: a paper titled "0" exists (2104.12255).
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ARRAY_TAGS.has(name),
})

/** A text node, or an element whose text sits beside attributes. */
const textSchema = z.union([
  z.string(),
  z.object({ '#text': z.string() }).transform((n) => n['#text']),
])

const linkSchema = z.object({
  '@_href': z.string(),
  '@_rel': z.string().optional(),
  '@_title': z.string().optional(),
  '@_type': z.string().optional(),
})

const entrySchema = z.object({
  id: textSchema,
  title: textSchema.optional(),
  summary: textSchema.optional(),
  published: textSchema.optional(),
  updated: textSchema.optional(),
  author: z.array(z.object({ name: textSchema })).default([]),
  link: z.array(linkSchema).default([]),
  category: z.array(z.object({ '@_term': z.string() })).default([]),
  'arxiv:primary_category': z.object({ '@_term': z.string() }).optional(),
  'arxiv:doi': textSchema.optional(),
  'arxiv:journal_ref': textSchema.optional(),
  'arxiv:comment': textSchema.optional(),
})

const feedSchema = z.object({
  feed: z
    .object({ entry: z.array(z.unknown()).default([]) })
    .or(z.literal('').transform(() => ({ entry: [] }))),
})

type Entry = z.infer<typeof entrySchema>

const ABS_ID = /^https?:\/\/(?:export\.)?arxiv\.org\/abs\/(.+?)\/?$/

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

function optionalText(value: string | undefined): string | null {
  const text = value === undefined ? '' : collapse(value)
  return text ? text : null
}

function toHttps(url: string): string {
  return url.replace(/^http:\/\//, 'https://')
}

function isErrorEntry(entry: Entry): boolean {
  return /arxiv\.org\/api\/errors/.test(entry.id)
}

function toPaper(entry: Entry): ArxivPaper | null {
  const versionedId = ABS_ID.exec(entry.id.trim())?.[1]
  const title = collapse(entry.title ?? '')
  if (!versionedId || !title) return null
  const categories = entry.category.map((c) => c['@_term'])
  const absLink = entry.link.find((l) => l['@_rel'] === 'alternate')?.['@_href']
  const pdfLink = entry.link.find((l) => l['@_title'] === 'pdf')?.['@_href']
  return {
    id: versionedId.replace(/v\d+$/, ''),
    versionedId,
    title,
    authors: entry.author.map((a) => collapse(a.name)).filter(Boolean),
    abstract: collapse(entry.summary ?? ''),
    categories,
    primaryCategory: entry['arxiv:primary_category']?.['@_term'] ?? categories[0] ?? '',
    published: (entry.published ?? '').trim(),
    updated: (entry.updated ?? entry.published ?? '').trim(),
    doi: optionalText(entry['arxiv:doi']),
    journalRef: optionalText(entry['arxiv:journal_ref']),
    comment: optionalText(entry['arxiv:comment']),
    pdfUrl: toHttps(pdfLink ?? `https://arxiv.org/pdf/${versionedId}`),
    absUrl: toHttps(absLink ?? `https://arxiv.org/abs/${versionedId}`),
  }
}

function readEntries(xml: string): unknown[] {
  const valid = XMLValidator.validate(xml)
  if (valid !== true) {
    const { msg, line } = valid.err
    throw new SourceParseError('arxiv', `arXiv returned malformed XML (line ${line}: ${msg})`)
  }
  const parsed = feedSchema.safeParse(parser.parse(xml))
  if (!parsed.success) {
    throw new SourceParseError('arxiv', 'arXiv returned XML that is not an Atom feed', {
      cause: parsed.error,
    })
  }
  return parsed.data.feed.entry
}

/**
 * Turns a feed into papers in feed order. An empty feed gives []. Entries without an
 * abs id or a title are skipped (nothing citable); the error entry throws ValidationError.
 */
export function parseArxivFeed(xml: string): ArxivPaper[] {
  const papers: ArxivPaper[] = []
  for (const raw of readEntries(xml)) {
    const entry = entrySchema.safeParse(raw)
    if (!entry.success) continue
    if (isErrorEntry(entry.data)) {
      const reason = collapse(entry.data.summary ?? 'unknown error')
      throw new ValidationError(`arXiv rejected the request: ${reason}`, {
        details: { provider: 'arxiv', reason },
      })
    }
    const paper = toPaper(entry.data)
    if (paper) papers.push(paper)
  }
  return papers
}
