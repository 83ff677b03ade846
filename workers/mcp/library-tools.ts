// search_library and get_source: hybrid retrieval over the shared knowledge base (the
// namespaces /api/ask answers from, or one shared namespace named), and one source with its
// indexed passages (the same view and the same owner check as /api/sources/:id).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { readSourceFor } from '../answer'
import { NotFoundError } from '../errors'
import { sharedNamespaceSchema } from '../namespaces'
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
      namespace: sharedNamespaceSchema('a shared namespace: letters, digits, - and _')
        .optional()
        .describe(
          "One shared namespace ('corpus' is the library, 'scholarly' the cache of fetched papers); default: the ones /api/ask answers from",
        ),
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
          namespaces: filters?.namespace
            ? [filters.namespace]
            : deps.config.knowledge.askNamespaces,
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
        "One knowledge-base source by id: metadata, abstract and up to 30 indexed passages. A session's private source (an upload, a loaded paper) needs that session's token, or a share token whose transcript cites it.",
      inputSchema: {
        id: sourceIdSchema.describe('A source id from search_library or ask'),
        session_token: z
          .string()
          .min(1)
          .max(512)
          .optional()
          .describe("The owning session's token, for its private sources"),
        share_token: z
          .string()
          .min(1)
          .max(1024)
          .optional()
          .describe('A share link token, for the private sources its transcript cites'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ id, session_token, share_token }) =>
      guarded(async () => {
        const found = await readSourceFor(deps, id, {
          sessionToken: session_token ?? context.sessionToken,
          shareToken: share_token ?? context.shareToken,
        })
        if (!found) throw new NotFoundError('No such source')
        const { view } = found
        const { passages, ...meta } = view
        const structured = { source: view, sources: [{ ...meta, resource: sourceUri(view.id) }] }
        return toolResult({ ...structured, passages_count: passages.length }, sourceMarkdown(view))
      }),
  )
}
