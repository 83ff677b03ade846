// Selection: paper-aware MMR picks top_n of the ranked pool (or the top_n as ranked when MMR
// is off), then the token budget trims their text proportionally if it is too long.
import { fitTokenBudget } from './budget'
import { paperAwareMmr } from './mmr'
import type { RetrievedChunk } from '../retriever'
import type { Stage } from './state'

export const selectStage: Stage = async (state) => {
  const { topN, lambda, stages, tokenBudget } = state.options
  const picked = stages.mmr
    ? paperAwareMmr(state.chunks, topN, lambda)
    : state.chunks.slice(0, topN)
  const stored = (c: RetrievedChunk) => state.storedTokens.get(c.chunkId)
  const chunks = stages.budget ? fitTokenBudget(picked, tokenBudget, stored) : picked
  return { ...state, chunks }
}
