// The answer pipeline (seed 001 §2): search -> prioritize_sources -> synthesize ->
// enrich_images -> format_output. Each step reports start / end (or error) as a status
// packet; a failing step degrades the answer through its recovery instead of failing it.
import { isAppError } from '../errors'
import { enrichImages } from './enrich-images'
import { formatOutput } from './format-output'
import { keepBestPerDomain, prioritizeSources } from './prioritize'
import { searchSources } from './search'
import { synthesize } from './synthesize'
import type { AnswerDeps, AskState, Stage, StepName } from './types'

interface Step {
  name: StepName
  /** The status line shown while the step runs (seed 001 §4). */
  starting: string
  run: Stage
  finished(state: AskState): string
  /** The degraded state to carry on with when the step fails. */
  recover(state: AskState, reason: string): AskState
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export const STEPS: Step[] = [
  {
    name: 'search',
    starting: 'Searching sources…',
    run: searchSources,
    finished: (s) => `Found ${plural(s.results.length, 'result')}.`,
    recover: (s, reason) => ({ ...s, results: [], searchError: reason }),
  },
  {
    name: 'prioritize_sources',
    starting: 'Evaluating credibility…',
    run: prioritizeSources,
    finished: (s) => `Chose ${plural(s.ranked.length, 'source')}.`,
    recover: (s) => ({
      ...s,
      ranked: keepBestPerDomain(s.results.map((result) => ({ result, reason: 'search order' }))),
      fallbacks: [...s.fallbacks, 'prioritize_sources'],
    }),
  },
  {
    name: 'synthesize',
    starting: 'Synthesizing answer…',
    run: synthesize,
    finished: (s) => `Answer written with ${plural(s.cited.length, 'citation')}.`,
    recover: (s) => ({ ...s, answer: 'The answer could not be written.', cited: [] }),
  },
  {
    name: 'enrich_images',
    starting: 'Adding visuals…',
    run: enrichImages,
    finished: (s) => `Found ${plural(Object.values(s.images).filter(Boolean).length, 'image')}.`,
    recover: (s) => s,
  },
  {
    name: 'format_output',
    starting: 'Formatting the answer…',
    run: (state, deps) => formatOutput(state, deps),
    finished: () => 'Answer ready.',
    recover: (s) => s,
  },
]

/** A reason fit to show a user: our own errors' messages; nothing internal. */
export function describeFailure(error: unknown): string {
  if (isAppError(error)) return error.message
  if (error instanceof Error && error.name === 'TimeoutError') return 'timed out'
  return 'unexpected error'
}

function status(
  deps: AnswerDeps,
  step: StepName,
  phase: 'start' | 'end' | 'error',
  message: string,
) {
  deps.emit({ type: 'status', step, phase, message, at: new Date(deps.now()).toISOString() })
}

export async function runPipeline(
  initial: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  let state = initial
  for (const step of STEPS) {
    if (signal.aborted) throw signal.reason
    status(deps, step.name, 'start', step.starting)
    try {
      state = await step.run(state, deps, signal)
      status(deps, step.name, 'end', step.finished(state))
    } catch (error) {
      if (signal.aborted) throw error
      const reason = describeFailure(error)
      status(deps, step.name, 'error', `${step.name.replace('_', ' ')} failed: ${reason}`)
      state = step.recover(state, reason)
    }
  }
  return state
}

export function initialState(
  fields: Pick<AskState, 'sessionId' | 'query' | 'options' | 'history' | 'startedAt'>,
): AskState {
  return {
    ...fields,
    results: [],
    ranked: [],
    answer: '',
    cited: [],
    relatedQuestions: [],
    images: {},
    fallbacks: [],
  }
}
