// find_papers (arXiv search through the scholarly clients), load_papers (arXiv ids queued for
// ingestion) and ingest (any /api/ingest job): the same enqueue path as POST /api/ingest.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { invalidInput } from '../http'
import { sharedNamespaceSchema } from '../namespaces'
import { enqueueIngestJobs, ingestBodySchema, ingestJobSchema, type QueuedJob } from '../ingest'
import type { ArxivPaper } from '../sources'
import type { McpContext } from './context'
import { withCancellation } from './in-flight'
import { guarded, toolResult } from './results'

const namespaceSchema = sharedNamespaceSchema('letters, digits, - and _ (1-64 characters)')
  .optional()
  .describe("Knowledge base namespace (default 'corpus')")

function paperView(paper: ArxivPaper) {
  return {
    id: paper.id,
    title: paper.title,
    authors: paper.authors,
    abstract: paper.abstract,
    published: paper.published,
    categories: paper.categories,
    doi: paper.doi,
    url: paper.absUrl,
    pdf_url: paper.pdfUrl,
  }
}

function papersText(papers: ArxivPaper[]): string {
  if (papers.length === 0) return 'arXiv returned no papers for this query.'
  return papers
    .map(
      (p, i) =>
        `[${i + 1}] ${p.title} (arXiv:${p.id}, ${p.published.slice(0, 4)})\n${p.authors.join(', ')}\n${p.absUrl}`,
    )
    .join('\n\n')
}

function jobsText(jobs: QueuedJob[]): string {
  const lines = jobs.map((job) => `${job.job_id}: ${job.status} (status at ${job.status_url})`)
  return `Queued ${jobs.length} ingest job(s); the papers become searchable when they finish.\n${lines.join('\n')}`
}

/** Validated exactly like POST /api/ingest's body, then queued the same way. */
async function enqueue(context: McpContext, body: unknown): Promise<Record<string, unknown>> {
  const parsed = ingestBodySchema.safeParse(body)
  if (!parsed.success) throw invalidInput(parsed.error)
  const jobs = await enqueueIngestJobs(context.deps, parsed.data)
  const note = context.auth === 'open' ? { auth: 'open (no QUIRE_API_KEYS configured)' } : {}
  return { jobs, job_ids: jobs.map((job) => job.job_id), ...note }
}

export function registerPaperTools(server: McpServer, context: McpContext): void {
  server.registerTool(
    'find_papers',
    {
      title: 'Find papers on arXiv',
      description:
        'Searches arXiv (free text or arXiv query syntax such as `ti:attention AND cat:cs.CL`). Nothing is ingested: pass ids to load_papers for that.',
      inputSchema: {
        query: z.string().trim().min(1).max(500),
        max_results: z.number().int().min(1).max(50).optional().describe('Default 10'),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    ({ query, max_results }, extra) =>
      guarded(async () => {
        const papers = await withCancellation(
          context.callerKey,
          extra,
          context.requestSignal,
          (signal) =>
            context.deps.scholarly.arxiv.search(query, { maxResults: max_results ?? 10 }, signal),
        )
        const views = papers.map(paperView)
        return toolResult({ query, papers: views, sources: views }, papersText(papers))
      }),
  )
  server.registerTool(
    'load_papers',
    {
      title: 'Load arXiv papers into the knowledge base',
      description:
        'Queues ingestion of arXiv papers by id (e.g. 1706.03762). Returns the job ids; progress at /api/ingest/<job_id>.',
      inputSchema: {
        ids: z.array(z.string().trim().min(1).max(64)).min(1).max(50),
        namespace: namespaceSchema,
      },
      annotations: { openWorldHint: true },
    },
    ({ ids, namespace }) =>
      guarded(async () => {
        const result = await enqueue(context, { type: 'arxiv_ids', ids, namespace })
        return toolResult(result, jobsText(result.jobs as QueuedJob[]))
      }),
  )
  server.registerTool(
    'ingest',
    {
      title: 'Ingest sources',
      description:
        'Queues ingest jobs, exactly as POST /api/ingest takes them: arxiv_query, arxiv_ids, crossref_query, url, pdf_url, text, demo_corpus. Needs the API key.',
      inputSchema: {
        sources: z.array(ingestJobSchema).min(1).max(20),
        namespace: namespaceSchema,
      },
      annotations: { openWorldHint: true },
    },
    ({ sources, namespace }) =>
      guarded(async () => {
        const result = await enqueue(context, { jobs: sources, namespace })
        return toolResult(result, jobsText(result.jobs as QueuedJob[]))
      }),
  )
}
