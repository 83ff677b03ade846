// The debate as one run kind ('debate') on the open turn engine: two personas alternating
// through orchestrate(), no built-in tools (each turn's evidence is given, not searched).
import type { RunContext, RunOutcome } from '../session'
import { createTurnRunner } from '../turn'
import { orchestrateDebate } from './orchestrate'
import { releaseSlot } from './slots'
import { debateRunInputSchema, type DebateRunInput } from './schemas'

export async function runDebate(ctx: RunContext<DebateRunInput>): Promise<RunOutcome> {
  const input = debateRunInputSchema.parse(ctx.input)
  const runner = createTurnRunner({
    tools: [],
    orchestrate: (turn, runStep) => orchestrateDebate(turn, runStep, input),
  })
  try {
    return await runner(ctx)
  } finally {
    // Not awaited: a stopped run has only a few milliseconds to return; the lease covers a
    // release that never lands.
    if (input.slot) void releaseSlot(ctx.deps, input.slot).catch(() => undefined)
  }
}
