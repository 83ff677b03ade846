// Perplexity-Sonar-style citation fields for OpenAI-compatible responses: `citations` is the
// URL list where entry i is what the text cites as [i+1]; `search_results` adds title and date.
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
