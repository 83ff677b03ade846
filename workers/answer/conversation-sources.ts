// A follow-up keeps the conversation's sources in view: the sources the last answer cited
// join the follow-up's new results (after the best new ones), so "what is the mechanism?"
// can still be answered from the paper the conversation is about. They are judged like any
// other result; a question that starts a new topic carries none.
import { z } from 'zod'
import { domainOf, type WebSearchResult } from '../sources'
import type { StoredMessage } from '../session'
import { dedupeKey } from './prioritize'
import { sourceIdOfLink } from './source-view'

/** How many of the last answer's cited sources a follow-up carries, and after how many new results. */
export const CARRIED_SOURCES = 2
export const NEW_RESULTS_FIRST = 2

const storedSourceSchema = z.object({
  title: z.string().min(1),
  url: z.string().min(1),
  snippet: z.string().default(''),
  date: z.string().optional(),
  cited: z.boolean().default(false),
  number: z.number().int().default(0),
})

const storedAnswerSchema = z.object({
  kind: z.literal('ask'),
  sources: z.array(z.unknown()).default([]),
  abstained: z.boolean().optional(),
  stopped: z.boolean().optional(),
})

/** The sources the last finished answer cited, in their numbered order (none when it abstained). */
export function lastCitedSources(messages: readonly StoredMessage[]): WebSearchResult[] {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]
    if (message?.role !== 'assistant') continue
    const answer = storedAnswerSchema.safeParse(message.data)
    if (!answer.success || answer.data.stopped) continue
    if (answer.data.abstained) return []
    const sources = answer.data.sources
      .map((raw) => storedSourceSchema.safeParse(raw))
      .flatMap((parsed) => (parsed.success && parsed.data.cited ? [parsed.data] : []))
      .sort((a, b) => a.number - b.number)
    return sources.map(({ title, url, snippet, date }) => {
      // Knowledge-base sources were saved as their page's path (see normaliseResults).
      const sourceId = sourceIdOfLink(url)
      return {
        title,
        url,
        snippet,
        domain: sourceId === null ? domainOf(url) : 'quire',
        ...(date ? { date } : {}),
        ...(sourceId === null ? {} : { sourceId }),
      }
    })
  }
  return []
}

/**
 * The new results with up to CARRIED_SOURCES earlier ones placed after the first
 * NEW_RESULTS_FIRST (an earlier source the search found again stays where search put it).
 */
export function withConversationSources(
  found: readonly WebSearchResult[],
  earlier: readonly WebSearchResult[],
): WebSearchResult[] {
  const present = new Set(found.map(dedupeKey))
  const carried = earlier.filter((r) => !present.has(dedupeKey(r))).slice(0, CARRIED_SOURCES)
  return [...found.slice(0, NEW_RESULTS_FIRST), ...carried, ...found.slice(NEW_RESULTS_FIRST)]
}
