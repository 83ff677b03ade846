// POST /api/claims/check, start to finish: the ask's own planning (respelling), search and
// relevance judgement, so namespaces, modes and limits are the ask's; then the evidence map
// over every judged source (up to the search's 10, one per source) instead of an answer.
import { modeReport, sourceRefOf } from '../grounding'
import { buildClaimMap, toClaimSource } from './claim-map'
import type { ClaimCheckPayload } from './claim-payload'
import { describeFailure } from './describe-failure'
import { judgeSources } from './judge'
import { initialState } from './pipeline'
import { planQuestion } from './plan'
import { dedupeKey } from './prioritize'
import { searchSources } from './search'
import type { AskOptions } from './schemas'
import type { AnswerDeps, AskState, StageFallback } from './types'

export const NOT_A_CLAIM_REASON = 'this is small talk, not a claim to check'

export interface ClaimCheckRequest {
  sessionId: string
  claim: string
  options: AskOptions
}

function status(deps: AnswerDeps, step: string, phase: 'start' | 'end' | 'error', message: string) {
  deps.emit({ type: 'status', step, phase, message, at: new Date(deps.now()).toISOString() })
}

/** One result per source, in the search's order. */
function distinctSources(state: AskState) {
  const seen = new Set<string>()
  return state.results.filter((result) => {
    const key = dedupeKey(result)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

async function findEvidence(
  request: ClaimCheckRequest,
  deps: AnswerDeps,
  signal: AbortSignal,
  startedAt: number,
): Promise<AskState> {
  const state = initialState({ ...request, query: request.claim, history: [], startedAt })
  const planned = await planQuestion(state, deps, signal)
  if (planned.smallTalk) return { ...planned, abstained: true, abstainReason: NOT_A_CLAIM_REASON }
  status(deps, 'search', 'start', `Searching for: ${planned.searchQuery}…`)
  let searched: AskState
  try {
    searched = await searchSources(planned, deps, signal)
  } catch (error) {
    if (signal.aborted) throw error
    const reason = describeFailure(error)
    status(deps, 'search', 'error', `search failed: ${reason}`)
    return {
      ...planned,
      searchError: reason,
      abstained: true,
      abstainReason: `search failed (${reason})`,
    }
  }
  status(deps, 'search', 'end', `Found ${searched.results.length} results.`)
  return judgeSources(searched, deps, signal)
}

export async function checkClaim(
  request: ClaimCheckRequest,
  deps: AnswerDeps,
  db: D1Database,
  signal: AbortSignal,
): Promise<ClaimCheckPayload> {
  const startedAt = deps.now()
  const found = await findEvidence(request, deps, signal, startedAt)
  const results = found.abstained ? [] : distinctSources(found)
  const sources = results.map((r, i) => toClaimSource(r, i + 1))
  if (sources.length > 0) {
    deps.emit({ type: 'sources', sources: results.map((r, i) => sourceRefOf(r, i + 1)) })
    status(deps, 'claims', 'start', 'Reading what each source says about the claim…')
  }
  const built = await buildClaimMap(request.claim, results, { deps, db, signal })
  if (sources.length > 0) status(deps, 'claims', 'end', `Checked ${sources.length} sources.`)
  const now = deps.now()
  const fallbacks: StageFallback[] = [...found.fallbacks, ...built.fallbacks]
  const insufficient = built.map.verdict === 'insufficient'
  const reason =
    found.abstainReason ??
    (insufficient && built.map.evidence.length === 0
      ? 'the sources found do not speak to this claim'
      : undefined)
  return {
    session_id: request.sessionId,
    ...built.map,
    sources,
    ...modeReport(deps.mode === 'online', fallbacks),
    ...(found.searchQuery.trim() !== request.claim.trim()
      ? { search_query: found.searchQuery }
      : {}),
    ...(insufficient && reason ? { reason } : {}),
    ...(found.searchError ? { search_error: found.searchError } : {}),
    timestamp: new Date(now).toISOString(),
    latency_ms: Math.max(0, now - startedAt),
  }
}
