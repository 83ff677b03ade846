// Parses Crossref REST API bodies (/works lists, single works, validation failures) into
// CrossrefWork. Vendor field names stay here; unknown fields are ignored.
import { z } from 'zod'
import { cleanAbstract } from './markup-text'
import type { CrossrefWork } from './scholarly-types'
import { SourceParseError } from './source-errors'

export const SCHOLARLY_TYPES = new Set(['journal-article', 'proceedings-article'])

const dateSchema = z
  .object({ 'date-parts': z.array(z.array(z.number().nullable())).optional() })
  .optional()

const itemSchema = z.object({
  DOI: z.string().min(1),
  title: z.array(z.string()).optional(),
  type: z.string().optional(),
  author: z
    .array(
      z.object({
        given: z.string().optional(),
        family: z.string().optional(),
        name: z.string().optional(),
      }),
    )
    .optional(),
  abstract: z.string().optional(),
  'container-title': z.array(z.string()).optional(),
  event: z.object({ name: z.string().optional() }).optional(),
  issued: dateSchema,
  published: dateSchema,
  'published-print': dateSchema,
  'published-online': dateSchema,
  URL: z.string().optional(),
})

const workListSchema = z.object({
  status: z.literal('ok'),
  'message-type': z.literal('work-list'),
  message: z.object({ items: z.array(z.unknown()) }),
})

const workSchema = z.object({
  status: z.literal('ok'),
  'message-type': z.literal('work'),
  message: z.unknown(),
})

const failureSchema = z.object({
  status: z.literal('failed'),
  message: z
    .array(z.object({ type: z.string().optional(), message: z.string().optional() }))
    .optional(),
})

type Item = z.infer<typeof itemSchema>

function firstYear(item: Item): number | null {
  for (const date of [
    item.issued,
    item.published,
    item['published-print'],
    item['published-online'],
  ]) {
    const year = date?.['date-parts']?.[0]?.[0]
    if (typeof year === 'number' && year > 0) return year
  }
  return null
}

function authorName(a: NonNullable<Item['author']>[number]): string {
  return [a.given, a.family].filter(Boolean).join(' ').trim() || (a.name ?? '').trim()
}

function toWork(item: Item): CrossrefWork {
  const venue = item['container-title']?.[0] ?? item.event?.name ?? null
  return {
    doi: item.DOI,
    title: (item.title?.[0] ?? '').replace(/\s+/g, ' ').trim(),
    year: firstYear(item),
    venue: venue ? venue.trim() : null,
    authors: (item.author ?? []).map(authorName).filter(Boolean),
    abstract: item.abstract ? cleanAbstract(item.abstract) : null,
    type: item.type ?? '',
    url: item.URL ?? `https://doi.org/${item.DOI}`,
  }
}

function unreadable(what: string, cause: unknown): SourceParseError {
  return new SourceParseError('crossref', `Crossref returned an unexpected ${what}`, { cause })
}

/** A /works list: every readable item, in order (items without a DOI are skipped). */
export function parseWorkList(body: unknown): CrossrefWork[] {
  const parsed = workListSchema.safeParse(body)
  if (!parsed.success) throw unreadable('work list', parsed.error)
  return parsed.data.message.items.flatMap((raw) => {
    const item = itemSchema.safeParse(raw)
    return item.success ? [toWork(item.data)] : []
  })
}

/** A single /works/{doi} body. */
export function parseWork(body: unknown): CrossrefWork {
  const parsed = workSchema.safeParse(body)
  const item = itemSchema.safeParse(parsed.success ? parsed.data.message : undefined)
  if (!item.success) throw unreadable('work', item.error)
  return toWork(item.data)
}

/** The messages of a `{"status":"failed"}` body (HTTP 400), or null when it is not one. */
export function parseFailure(body: unknown): string[] | null {
  const parsed = failureSchema.safeParse(body)
  if (!parsed.success) return null
  return (parsed.data.message ?? []).map((m) => m.message ?? m.type ?? 'invalid request')
}
