// The erasure registry: the steps that delete what a session owns outside its own storage, in
// the order they run. Capabilities register them at module load (workers/erasure/steps.ts);
// SessionDO runs them after its tombstone and clears its own storage last. Every step is
// idempotent: a resumed erasure runs them all again.
import type { Deps } from '../deps'

export interface ErasureContext {
  sessionId: string
  deps: Deps
  signal?: AbortSignal
}

export interface ErasureStep {
  /** The kind of data it deletes, as the summary counts it (`sources`, `pdfs`, …). */
  name: string
  /** Deletes that kind of data; returns how many items went (0 when already gone). */
  run(context: ErasureContext): Promise<number>
}

const steps: ErasureStep[] = []

/** Adds steps after those registered before; a step registered again replaces its entry. */
export function registerErasureSteps(more: readonly ErasureStep[]): void {
  for (const step of more) {
    const at = steps.findIndex((s) => s.name === step.name)
    if (at >= 0) steps[at] = step
    else steps.push(step)
  }
}

export function listErasureSteps(): readonly ErasureStep[] {
  return steps
}
