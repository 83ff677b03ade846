// web_search: the configured web search provider (the local corpus when offline or none is
// configured); results carry their URLs so the model can open_url them.
import { z } from 'zod'
import { documentsJson, type SourceDocument } from '../../context'
import { ValidationError } from '../../errors'
import { sourceFieldsOf, stripReferenceMarkers } from '../../grounding'
import type { WebSearchResult } from '../../sources'
import { sourcesOf, type TurnTool } from './types'

const argsSchema = z.object({ query: z.string().trim().min(1).max(500) })

const RESULT_LIMIT = 8

function resultToDocument(result: WebSearchResult): SourceDocument {
  const metadata = [result.domain, result.date ?? ''].filter(Boolean).join(', ')
  return {
    title: result.title,
    url: result.url,
    metadata: metadata || undefined,
    contents: stripReferenceMarkers(result.snippet),
    source: sourceFieldsOf(result),
  }
}

export const webSearchTool: TurnTool = {
  spec: {
    name: 'web_search',
    description: 'Search the web; returns titles, URLs and snippets.',
    parameters: z.toJSONSchema(argsSchema),
  },
  guidance:
    'search the web for current or general information. Snippets are short: open_url a ' +
    'promising result when you need its full text.',
  returnsDocuments: true,
  async run(args, { deps, signal, numbering }) {
    const parsed = argsSchema.safeParse(args)
    if (!parsed.success) throw new ValidationError('web_search needs {"query": string}')
    const { query } = parsed.data
    const results = await deps.webSearch.search(query, { limit: RESULT_LIMIT }, signal)
    const documents = numbering.assign(results.map(resultToDocument))
    return {
      content: documentsJson(documents),
      summary: `${documents.length} web results for "${query}" (${deps.webSearch.name})`,
      documents,
      sources: sourcesOf(documents, numbering),
    }
  },
}
