// Paper Brain's agent tools (seed 004): search_more_papers(query) runs the same search as
// POST /search (quota, rewrite, arXiv, embedding rank, remembered results) and
// load_selected_papers(indices 1–10) queues results by number like POST /load and waits for
// them to settle, each paper's progress a status line. Built per turn: they write to that
// session's own storage.
import { z } from 'zod'
import { RateLimitedError, ValidationError } from '../errors'
import type { PreparedTurn, TurnTool } from '../turn'
import type { StageFallback } from './answer-step'
import type { PaperToLoad } from './load'
import { describeProgress, isSettled, watchPaperLoads } from './load-watch'
import { appendLog } from './log-store'
import {
  listPapers,
  putPaper,
  readResults,
  saveResults,
  type PaperRecord,
  type RememberedResult,
} from './paper-store'
import { queuePaperLoads } from './queue-load'
import { consumeQuota, markApiExhausted, refundQuota } from './quota'
import { searchPapers, SEARCH_SHOW } from './search'
import { cacheScholarly } from './scholarly-cache'
import { loggingEmbedder, loggingModel, PaperLog } from './session-log'

const searchArgs = z.object({ query: z.string().trim().min(2).max(500) })
const loadArgs = z.object({
  indices: z.array(z.number().int().min(1).max(SEARCH_SHOW)).min(1).max(SEARCH_SHOW),
})

/** What the brain did in this turn, for the run's result. */
export interface BrainActions {
  searches: { query: string; arxiv_query: string; results: number }[]
  loaded: PaperRecord[]
  /** Stages of the turn's tools that fell back (a search's model rewrite), for the outcome. */
  fallbacks: StageFallback[]
}

export function toLoad(r: RememberedResult): PaperToLoad {
  return {
    id: `arxiv:${r.arxiv_id}`,
    title: r.title,
    arxivId: r.arxiv_id,
    pdfUrl: r.pdf_url,
    authors: r.authors,
    year: r.year,
    abstract: r.abstract,
    absUrl: r.abs_url,
  }
}

/** The numbered list the model (and, offline, the user) reads. */
export function describeResults(results: RememberedResult[]): string {
  if (results.length === 0) return 'No papers found.'
  return results
    .map((r) => {
      const who = r.authors.slice(0, 3).join(', ') + (r.authors.length > 3 ? ' et al.' : '')
      const abstract = r.abstract.replace(/\s+/g, ' ').slice(0, 300)
      return `${r.index}. ${r.title} (${r.year ?? 'n.d.'}; ${who}; arXiv ${r.arxiv_id})\n   ${abstract}`
    })
    .join('\n')
}

function status(turn: PreparedTurn, message: string): void {
  turn.emitter.emit({ turn_index: turn.blocks.open(), type: 'status', step: 'papers', message })
}

/** One search: the session's search quota, then the route's search, remembered for loading. */
export async function brainSearch(turn: PreparedTurn, query: string, actions: BrainActions) {
  const { deps, store } = turn
  const limits = deps.config.papers
  const decision = consumeQuota(store.sql, 'search', limits, deps.now())
  if (!decision.allowed) {
    throw new RateLimitedError(
      `No search left in this session: try again in ${decision.minutes_left} minutes`,
      decision.retry_after_s,
    )
  }
  status(turn, `Searching arXiv for: ${query}`)
  const log = new PaperLog('paper_brain', query, deps.now)
  const model = turn.model ? (deps.discoveryModel ?? deps.models?.fast ?? null) : null
  const result = await searchPapers(
    {
      arxiv: deps.scholarly.arxiv,
      embedder: loggingEmbedder(deps.embedder, log, deps.now),
      model: model && loggingModel(model, 'query_rewrite', log, deps.now),
      cache: (papers) => cacheScholarly(deps, papers, turn.signal),
    },
    query,
    turn.signal,
  ).catch((error: unknown) => {
    // A search that did not run (arXiv unreachable, timed out, stopped) gives its unit back,
    // as POST /search does: quotas count work done.
    refundQuota(store.sql, 'search', limits, deps.now())
    throw error
  })
  log.request({ chunk_tokens: 0 })
  appendLog(store.sql, log.entries)
  if (result.provider_exhausted) markApiExhausted(store.sql, limits, deps.now())
  const results = result.papers.map(({ score: _score, ...rest }) => rest)
  saveResults(store.sql, results)
  actions.searches.push({ query, arxiv_query: result.arxiv_query, results: results.length })
  actions.fallbacks.push(...result.fallbacks)
  status(turn, `Found ${results.length} papers.`)
  return results
}

/** How long the agent's turn waits for its papers before telling the model they still load. */
export const BRAIN_LOAD_TIMEOUT_MS = 90_000

/**
 * Queues the numbered results like POST /load, then waits (bounded, and stopped with the run)
 * for the queue's consumer to settle them, each change a status line.
 */
async function brainLoad(turn: PreparedTurn, indices: number[], actions: BrainActions) {
  const results = readResults(turn.store.sql)
  const wanted = [...new Set(indices)]
  const missing = wanted.filter((i) => !results.some((r) => r.index === i))
  if (missing.length > 0) {
    throw new ValidationError(`No search result numbered ${missing.join(', ')}; search first`)
  }
  const targets = wanted.map((i) => toLoad(results.find((r) => r.index === i) as RememberedResult))
  const { deps, store } = turn
  const record = async (paper: PaperRecord) => putPaper(store.sql, paper, deps.now())
  const queued = await queuePaperLoads(deps, { sessionId: turn.sessionId, record }, targets)
  let papers = queued.papers
  const watch = watchPaperLoads({
    read: async () => listPapers(store.sql),
    queued: queued.papers,
    timeoutMs: BRAIN_LOAD_TIMEOUT_MS,
    signal: turn.signal,
    now: deps.now,
  })
  for await (const event of watch) {
    if (event.kind === 'change') status(turn, describeProgress(event.paper))
    else papers = event.papers
  }
  actions.loaded.push(...papers)
  return papers
}

/** What the model reads back: loaded (pages), failed (reason), or still loading. */
function loadReport(papers: PaperRecord[]) {
  const lines = papers.map((p) =>
    isSettled(p)
      ? describeProgress(p)
      : `${p.title}: still loading (it continues in the background; the user sees it in the list)`,
  )
  const loaded = papers.filter((p) => p.status === 'loaded').length
  const busy = papers.filter((p) => !isSettled(p)).length
  const summary = `${loaded} of ${papers.length} loaded${busy > 0 ? `, ${busy} still loading` : ''}`
  return { content: lines.join('\n'), summary }
}

const EMPTY = { documents: [], sources: [] }

export function brainTools(turn: PreparedTurn, actions: BrainActions): TurnTool[] {
  const search: TurnTool = {
    spec: {
      name: 'search_more_papers',
      description:
        'Search arXiv again with a refined query; replaces the numbered list of results (up to 10).',
      parameters: z.toJSONSchema(searchArgs),
    },
    guidance:
      'search_more_papers: search arXiv when the current results do not fit what the user wants.',
    returnsDocuments: false,
    async run(args) {
      const parsed = searchArgs.safeParse(args)
      if (!parsed.success) throw new ValidationError('search_more_papers needs {"query": string}')
      const results = await brainSearch(turn, parsed.data.query, actions)
      return { content: describeResults(results), summary: `${results.length} papers`, ...EMPTY }
    },
  }
  const load: TurnTool = {
    spec: {
      name: 'load_selected_papers',
      description:
        'Load papers from the current numbered results (1–10) so the user can chat with them.',
      parameters: z.toJSONSchema(loadArgs),
    },
    guidance:
      'load_selected_papers: load the numbered results the user asks for, or that clearly fit.',
    returnsDocuments: false,
    async run(args) {
      const parsed = loadArgs.safeParse(args)
      if (!parsed.success) {
        throw new ValidationError('load_selected_papers needs {"indices": [1-10, ...]}')
      }
      const papers = await brainLoad(turn, parsed.data.indices, actions)
      return { ...loadReport(papers), ...EMPTY }
    },
  }
  return [search, load]
}
