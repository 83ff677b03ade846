// The answer cache (seed 001 §12): the same normalised question with the same options, in the
// same mode, within 10 minutes, gets the stored payload back without search or model calls.
// Deleting a source purges the answers listing it (db/answer-cache.ts, purgeAnswerCache).
import { readAnswerCacheRow, writeAnswerCacheRow } from '../db'
import type { AskOptions } from './schemas'
import type { AnswerPayload } from './types'

export const CACHE_TTL_MS = 10 * 60 * 1000

/** Case, spacing and trailing punctuation do not change the question. */
export function normaliseQuery(query: string): string {
  return query
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s?!.]+$/, '')
    .trim()
}

function canonicalOptions(options: AskOptions): string {
  return JSON.stringify({
    domains: [...(options.search_domain_filter ?? [])].sort(),
    recency: options.search_recency_filter ?? null,
    mode: options.search_mode ?? 'web',
  })
}

export async function cacheKey(query: string, options: AskOptions, mode: string): Promise<string> {
  const text = `${mode}\n${canonicalOptions(options)}\n${normaliseQuery(query)}`
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

export async function readCachedAnswer(
  db: D1Database,
  key: string,
  now: number,
): Promise<AnswerPayload | null> {
  const row = await readAnswerCacheRow(db, key)
  if (!row || now - row.createdAt.getTime() > CACHE_TTL_MS) return null
  return row.payload as unknown as AnswerPayload
}

export interface AnswerToCache {
  payload: AnswerPayload
  /** The knowledge-base sources the answer lists: deleting one purges the row. */
  sourceIds: string[]
}

export async function writeCachedAnswer(
  db: D1Database,
  key: string,
  answer: AnswerToCache,
  now: number,
): Promise<void> {
  const { token: _token, ...stored } = answer.payload
  const payloadRow = stored as unknown as Record<string, unknown>
  const sourceIds = [...new Set(answer.sourceIds)]
  await writeAnswerCacheRow(db, key, { payload: payloadRow, createdAt: new Date(now), sourceIds })
}
