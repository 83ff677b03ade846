// Citation fields of OpenAI-compatible responses: Perplexity Sonar's `citations` (entry i is
// what the text cites as [i+1]) and `search_results`, and OpenAI's `url_citation` annotations.
import { z } from 'zod'
import type { SourceRef } from './packets'

export interface SearchResult {
  title: string
  url: string
  date?: string
}

export interface CitationFields {
  citations: string[]
  search_results: SearchResult[]
}

/** Orders sources by their citation number so positions line up with [n] markers. */
export function toCitationFields(sources: SourceRef[]): CitationFields {
  const ordered = [...sources].sort((a, b) => a.number - b.number)
  return {
    citations: ordered.map((source) => source.url ?? ''),
    search_results: ordered.map((source) => ({
      title: source.title,
      url: source.url ?? '',
      ...(source.date ? { date: source.date } : {}),
    })),
  }
}

/**
 * OpenAI's standard citation: the source of the text in [start_index, end_index), indices in
 * UTF-16 code units (String#slice). Quire's span is the [n] marker itself, as OpenAI's search
 * models annotate their inline citation rather than the sentence.
 */
export interface UrlCitation {
  url: string
  title: string
  start_index: number
  end_index: number
}

/** The chat-completions form (`message.annotations`, the last stream delta's `annotations`). */
export const chatUrlAnnotationSchema = z.object({
  type: z.literal('url_citation'),
  url_citation: z.object({
    url: z.string(),
    title: z.string(),
    start_index: z.number().int().nonnegative(),
    end_index: z.number().int().nonnegative(),
  }),
})
export type ChatUrlAnnotation = z.infer<typeof chatUrlAnnotationSchema>

export function toChatAnnotation(citation: UrlCitation): ChatUrlAnnotation {
  return { type: 'url_citation', url_citation: citation }
}

/** The annotation moved `by` code units along the text (text streamed before it). */
export function shiftAnnotation(annotation: ChatUrlAnnotation, by: number): ChatUrlAnnotation {
  const { start_index, end_index } = annotation.url_citation
  return {
    ...annotation,
    url_citation: {
      ...annotation.url_citation,
      start_index: start_index + by,
      end_index: end_index + by,
    },
  }
}
