// The evidence map over sources an ask or a claim check found: their full texts (a library
// record's abstract, else the matched chunk, else a web result's snippet), then the claims
// engine's stances. Shared by POST /api/claims/check and by asks framed as a claim.
import { mapEvidence, type MapSource } from '../claims'
import { readEvidenceTexts } from '../db'
import type { WebSearchResult } from '../sources'
import type { ClaimMap, ClaimSource } from './claim-payload'
import { describeFailure } from './describe-failure'
import { loadStats } from './judge'
import type { AnswerDeps, StageFallback } from './types'

export function toClaimSource(result: WebSearchResult, number: number): ClaimSource {
  return {
    number,
    title: result.title,
    url: result.url,
    domain: result.domain,
    ...(result.date ? { date: result.date } : {}),
  }
}

/** Whitespace-flattened, for telling whether a chunk is part of the abstract. */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The abstract when the chunk is part of it (a library record), else the chunk itself. */
function textOf(content: string, abstract: string | null): string {
  if (!abstract) return content
  const opening = flat(content).slice(0, 200)
  return opening && flat(abstract).includes(opening) ? abstract : content
}

async function fullTexts(
  results: WebSearchResult[],
  db: D1Database,
): Promise<{ texts: string[]; fallbacks: StageFallback[] }> {
  const ids = results.flatMap((r) =>
    r.chunkId && /^\d+$/.test(r.chunkId) ? [Number(r.chunkId)] : [],
  )
  const snippets = results.map((r) => r.snippet)
  if (ids.length === 0) return { texts: snippets, fallbacks: [] }
  try {
    const rows = new Map((await readEvidenceTexts(db, ids)).map((row) => [String(row.id), row]))
    const texts = results.map((r) => {
      const row = r.chunkId ? rows.get(r.chunkId) : undefined
      return row ? textOf(row.content, row.abstract) : r.snippet
    })
    return { texts, fallbacks: [] }
  } catch (error) {
    const reason = `${describeFailure(error)}; read the search's excerpts only`
    return { texts: snippets, fallbacks: [{ stage: 'claims.texts', reason }] }
  }
}

export interface BuiltMap {
  map: ClaimMap
  fallbacks: StageFallback[]
}

export async function buildClaimMap(
  claim: string,
  results: WebSearchResult[],
  input: { deps: AnswerDeps; db: D1Database; signal: AbortSignal; modelDown?: string },
): Promise<BuiltMap> {
  const { deps, db, signal } = input
  const { texts, fallbacks } = await fullTexts(results, db)
  const { stats, fallback } = await loadStats(claim, deps, signal)
  const sources: MapSource<ClaimSource>[] = results.map((r, i) => ({
    source: toClaimSource(r, i + 1),
    title: r.title,
    text: texts[i] ?? r.snippet,
  }))
  const model = deps.models && !input.modelDown ? deps.models.main : null
  const downFallback =
    deps.models && input.modelDown
      ? [
          {
            stage: 'claims.stance',
            reason: `${input.modelDown}; stances estimated by the offline rules`,
          },
        ]
      : []
  const mapped = await mapEvidence({ claim, sources, model, stats, signal, describeFailure })
  return {
    map: {
      claim,
      verdict: mapped.verdict,
      evidence: mapped.evidence,
      stance_estimated: mapped.stance_judge === 'rules',
      stance_judge: mapped.stance_judge,
    },
    fallbacks: [
      ...fallbacks,
      ...(fallback ? [fallback] : []),
      ...downFallback,
      ...mapped.fallbacks,
    ],
  }
}
