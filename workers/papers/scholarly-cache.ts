// Paper searches fill the shared scholarly cache: the arXiv records a search found, trusted
// metadata (title, authors, abstract) fetched by Quire itself, indexed into the scholarly
// namespace that debates read beside the library. Never the public library, which only
// key-holding ingestion writes. A failing write costs the search nothing; it is logged.
import type { Deps } from '../deps'
import { arxivToIndexRequest, logIngest } from '../ingest'
import { SCHOLARLY_NAMESPACE } from '../namespaces'
import { indexMany } from '../retrieval'
import type { ArxivPaper } from '../sources'

export async function cacheScholarly(
  deps: Deps,
  papers: readonly ArxivPaper[],
  signal?: AbortSignal,
): Promise<void> {
  if (papers.length === 0) return
  const requests = papers.map((paper) => ({
    ...arxivToIndexRequest(paper),
    namespace: SCHOLARLY_NAMESPACE,
  }))
  try {
    await indexMany(deps, requests, signal)
  } catch (error) {
    if (signal?.aborted) throw error
    logIngest('warn', 'scholarly cache write failed', {
      reason: error instanceof Error ? error.message : String(error),
    })
  }
}
