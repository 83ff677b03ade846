// The provider faults every capability is driven through: each is a fake step repeated for
// every model call a run may make (ranking, synthesis, key fallback), plus the short model
// timeout the runs use so silence ends in seconds, not the shipped 60 s.
import type { FakeStep } from '../fakes/fake-llm'

// At 1.5 s a loaded CI machine (two CPU-bound processes beside the suite, load 6) timed out a
// scripted 500 before it arrived, and the test saw 'timeout' where it expected 'model error'.
export const FAULT_TIMEOUT_MS = 6_000
/** Generous bound for a faulted run to end: several timed-out calls plus a loaded machine. */
export const RUN_BOUND_MS = 60_000

const TEXT = 'Partial words streamed before the fault arrived.'

export const FAULTS: { name: string; step: FakeStep }[] = [
  { name: 'hangs with no bytes', step: { hang: true } },
  { name: 'sends headers then nothing', step: { fault: { kind: 'headers-then-hang' } } },
  { name: 'stalls mid-stream', step: { reply: TEXT, chunks: 4, hang: true } },
  { name: 'resets the connection before answering', step: { fault: { kind: 'reset' } } },
  {
    name: 'resets the connection mid-stream',
    step: { reply: TEXT, chunks: 4, fault: { kind: 'reset', afterChunks: 3 } },
  },
  {
    name: 'reports a 500 mid-stream',
    step: { reply: TEXT, chunks: 4, fault: { kind: 'error-event', afterChunks: 3, status: 500 } },
  },
  {
    name: 'reports a 429 mid-stream',
    step: { reply: TEXT, chunks: 4, fault: { kind: 'error-event', afterChunks: 3, status: 429 } },
  },
]

/** Enough copies of the fault for every model call of one run. */
export const repeated = (step: FakeStep, times = 8): FakeStep[] =>
  Array.from({ length: times }, () => step)
