// search_library and get_source: the knowledge base's hybrid retrieval, and one source with
// its indexed passages (the same view /api/sources/:id gives).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { readSourceView } from '../answer'
import { NotFoundError } from '../errors'
import { modeReport } from '../grounding'
import type { RetrievedChunk } from '../retrieval'
import type { McpContext } from './context'
import { withCancellation } from './in-flight'
import { sourceMarkdown, sourceUri } from './markdown'
import { guarded, toolResult } from './results'

const sourceIdSchema = z.string().trim().min(1).max(200)

const searchInput = {
  query: z.string().trim().min(1).max(4000).describe('What to look for in the knowledge base'),
  k: z.number().int().min(1).max(50).optional().describe('How many passages (default: by task)'),
  filters: z
    .object({
      source_ids: z.array(sourceIdSchema).min(1).max(50).optional(),
      namespace: z
        .string()
        .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/i)
        .optional()
        .describe("Knowledge base namespace (default 'corpus')"),
    })
    .optional(),
}

function sourcesOf(chunks: RetrievedChunk[]) {
  const seen = new Map<string, RetrievedChunk>()
  for (const chunk of chunks) if (!seen.has(chunk.sourceId)) seen.set(chunk.sourceId, chunk)
  return [...seen.values()].map((chunk) => ({
    id: chunk.sourceId,
    title: chunk.title,
    url: chunk.url,
    doi: chunk.doi,
    authors: chunk.authors,
    year: chunk.year,
    kind: chunk.kind,
    resource: sourceUri(chunk.sourceId),
  }))
}

function passageText(chunks: RetrievedChunk[]): string {
  if (chunks.length === 0) return 'No passages in the knowledge base match this query.'
  return chunks
    .map((chunk, i) => {
      const where = chunk.page === null ? '' : `, p. ${chunk.page}`
      return `[${i + 1}] ${chunk.title}${where} (source ${chunk.sourceId})\n${chunk.content}`
    })
    .join('\n\n')
}

export function registerLibraryTools(server: McpServer, context: McpContext): void {
  const { deps } = context
  server.registerTool(
    'search_library',
    {
      title: 'Search the knowledge base',
      description:
        'Hybrid (vector + BM25) search over the Quire knowledge base. Returns passages with their source metadata; cite them by source id.',
      inputSchema: searchInput,
      annotations: { readOnlyHint: true },
    },
    ({ query, k, filters }, extra) =>
      guarded(async () => {
        const options = {
          ...(k ? { topN: k, topK: k * 2 } : {}),
          ...(filters?.source_ids ? { sourceIds: filters.source_ids } : {}),
          ...(filters?.namespace ? { namespace: filters.namespace } : {}),
        }
        const result = await withCancellation(
          context.callerKey,
          extra,
          context.requestSignal,
          (signal) => deps.retriever.retrieve(query, options, signal),
        )
        const passages = result.chunks.map((chunk, i) => ({
          number: i + 1,
          chunk_id: chunk.chunkId,
          source_id: chunk.sourceId,
          title: chunk.title,
          text: chunk.content,
          page: chunk.page,
          score: chunk.score,
        }))
        const structured = {
          query,
          task: result.task,
          queries: result.queries,
          ...modeReport(deps.models !== null, result.fallbacks ?? []),
          passages,
          sources: sourcesOf(result.chunks),
        }
        return toolResult(structured, passageText(result.chunks))
      }),
  )
  server.registerTool(
    'get_source',
    {
      title: 'Read one source',
      description:
        'One knowledge-base source by id: metadata, abstract and up to 30 indexed passages.',
      inputSchema: { id: sourceIdSchema.describe('A source id from search_library or ask') },
      annotations: { readOnlyHint: true },
    },
    ({ id }) =>
      guarded(async () => {
        const view = await readSourceView(deps.db, id)
        if (!view) throw new NotFoundError('No such source')
        const { passages, ...meta } = view
        const structured = { source: view, sources: [{ ...meta, resource: sourceUri(view.id) }] }
        return toolResult({ ...structured, passages_count: passages.length }, sourceMarkdown(view))
      }),
  )
}
