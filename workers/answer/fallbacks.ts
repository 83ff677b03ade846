// Fallback bookkeeping: why a model stage fell back (in user-facing words) and the `fallbacks`
// entries; the mode is derived from them by the grounding core (modeReport).
import { MODEL_DOWN_REASONS, modelFailureReason } from '../llm'
import type { AnswerDeps, AskState, StageFallback } from './types'

/** How every stage that lost its term statistics begins its reason (each says what it did instead). */
export const STATISTICS_UNAVAILABLE = 'term statistics could not be loaded'

/** Why a model call failed; a call cut by its own deadline timed out, whatever it threw. */
export function fallbackReason(error: unknown, deadline?: AbortSignal): string {
  if (deadline?.aborted) return 'timeout'
  return modelFailureReason(error)
}

/** Records that `stage` fell back; reasons like "model unreachable" also mark the model down. */
export function withFallback(state: AskState, stage: string, reason: string): AskState {
  const fallbacks: StageFallback[] = [...state.fallbacks, { stage, reason }]
  // A stage's timeout is the engine's own deadline, not the model's: it marks nothing down.
  const modelDown = state.modelDown ?? (MODEL_DOWN_REASONS.has(reason) ? reason : undefined)
  return { ...state, fallbacks, ...(modelDown ? { modelDown } : {}) }
}

/** "synthesize (model unreachable), plan (timeout)": for status lines. */
export function describeFallbacks(fallbacks: StageFallback[]): string {
  return fallbacks.map((f) => `${f.stage.replace('_', ' ')} (${f.reason})`).join(', ')
}

/** Tells the stream at once that a stage fell back, and what happens instead. */
export function announceFallback(deps: AnswerDeps, step: string, message: string): void {
  const at = new Date(deps.now()).toISOString()
  deps.emit({ type: 'status', step, phase: 'error', message, at })
}
