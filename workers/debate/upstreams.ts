// The scholarly upstreams one debate run has found failing: an upstream that was unreachable
// or timed out is not asked again in the run's later turns (each ask waits out its retries
// again), and its fallback is said once, in the turn that found it.

export type Upstream = 'arxiv' | 'crossref'

export const UPSTREAMS: readonly Upstream[] = ['arxiv', 'crossref']

/** Per run: each failed upstream with why it failed (the first turn's words). */
export type FailedUpstreams = Map<Upstream, string>

export function upstreamName(upstream: Upstream): string {
  return upstream === 'arxiv' ? 'arXiv' : 'Crossref'
}
