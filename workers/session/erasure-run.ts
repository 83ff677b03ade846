// Runs the registered erasure steps for a buried session and says what it erased, or which
// step failed and what remains (the route answers 502 with it; DELETE again resumes).
import { listErasureSteps, type ErasureContext } from './erasure-registry'

export type ErasureCounts = Record<string, number>

export type ErasureOutcome =
  | { ok: true; erased: ErasureCounts }
  | { ok: false; failedStep: string; reason: string; erased: ErasureCounts; remaining: string[] }

export async function runErasureSteps(context: ErasureContext): Promise<ErasureOutcome> {
  const steps = listErasureSteps()
  const erased: ErasureCounts = {}
  for (const [i, step] of steps.entries()) {
    try {
      erased[step.name] = await step.run(context)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      console.warn(JSON.stringify({ scope: 'erasure', step: step.name, reason }))
      const remaining = [...steps.slice(i).map((s) => s.name), 'session_storage']
      return { ok: false, failedStep: step.name, reason, erased, remaining }
    }
  }
  return { ok: true, erased }
}
