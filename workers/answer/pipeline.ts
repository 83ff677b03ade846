// The answer pipeline (seed 001 §2, reshaped by issue 8): plan -> search -> prioritize_sources
// (relevance, then credibility) -> synthesize -> enrich_images (+ related questions) ->
// format_output. Each step's status line says what really happens (silent steps say nothing);
// a failing step degrades the answer through its recovery instead of failing it.
import { isSmallTalk, NO_SUBJECT_REASON } from '../grounding'
import { toSourceRef } from './cited-stream'
import { describeFailure } from './describe-failure'
import { enrichAnswer, enrichMessage } from './enrich'
import { describeFallbacks, withFallback } from './fallbacks'
import { formatOutput } from './format-output'
import { judgeSources, modelJudges } from './judge'
import { followSubjectChange } from './left-topic'
import { planQuestion, plansWithModel } from './plan'
import { keepBestPerDomain, prioritizeSources } from './prioritize'
import { searchSources } from './search'
import { synthesize } from './synthesize'
import type { AnswerDeps, AskState, Stage, StepName } from './types'

interface Step {
  name: StepName
  /** The status line shown while the step runs; null runs it silently (nothing to show). */
  starting(state: AskState, deps: AnswerDeps): string | null
  run: Stage
  finished(state: AskState): string
  /** The degraded state to carry on with when the step fails (the fallback is recorded). */
  recover(state: AskState, reason: string, deps: AnswerDeps): AskState
  /** True when the step has nothing to do for this state (small talk searches nothing). */
  skip?(state: AskState): boolean
}

/** Nothing to search or judge: small talk, or planning already found the question unanswerable. */
const nothingToFind = (s: AskState) => s.smallTalk || s.abstained

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
const answering = (s: AskState) => !s.smallTalk && !s.abstained && s.ranked.length > 0

/**
 * Judge relevance (a follow-up that changed the subject: searched alone), rank what is left,
 * and show those sources before the answer starts.
 */
const chooseSources: Stage = async (state, deps, signal) => {
  const judged = await followSubjectChange(await judgeSources(state, deps, signal), deps, signal)
  const next = await prioritizeSources(judged)
  if (next.ranked.length > 0) {
    deps.emit({ type: 'sources', sources: next.ranked.map((s) => toSourceRef(s, s.rank)) })
  }
  return next
}

function finalMessage(s: AskState): string {
  if (s.smallTalk) return 'Replied.'
  if (s.searchError) return 'No answer: search failed.'
  if (s.abstained && s.abstainReason === NO_SUBJECT_REASON)
    return 'No answer: the follow-up names no subject, and the earlier question found nothing.'
  if (s.abstained) return 'No answer: the sources do not cover this question.'
  if (s.fallbacks.length > 0) return `Answer ready (degraded: ${describeFallbacks(s.fallbacks)}).`
  return 'Answer ready.'
}

export const STEPS: Step[] = [
  {
    name: 'plan',
    starting: (s, deps) =>
      plansWithModel(s, deps) && !isSmallTalk(s.query) ? 'Understanding the follow-up…' : null,
    run: planQuestion,
    finished: (s) => {
      const offline = s.fallbacks.some((f) => f.stage === 'plan') ? ' without the model' : ''
      return s.searchQuery === s.query || s.history.length === 0
        ? `Planned the search${offline}.`
        : `Rewrote the follow-up${offline}.`
    },
    recover: (s) => ({ ...s, searchQuery: s.query }),
  },
  {
    name: 'search',
    starting: (s) => `Searching for: ${s.searchQuery}…`,
    run: searchSources,
    skip: nothingToFind,
    finished: (s) => `Found ${plural(s.results.length, 'result')}.`,
    recover: (s, reason) => ({ ...s, results: [], searchError: reason }),
  },
  {
    name: 'prioritize_sources',
    starting: (s, deps) => {
      if (s.results.length === 0) return null
      return modelJudges(s, deps)
        ? 'Choosing the sources for the model to read…'
        : 'Checking which sources address the question…'
    },
    run: chooseSources,
    skip: nothingToFind,
    finished: (s) =>
      s.abstained
        ? 'None of the results addresses the question.'
        : `Chose ${plural(s.ranked.length, 'source')}.`,
    // Not an abstention: the results go on in search order, and the fallback says why.
    recover: (s) => ({
      ...s,
      ranked: keepBestPerDomain(s.results.map((result) => ({ result, reason: 'search order' }))),
    }),
  },
  {
    name: 'synthesize',
    starting: (s, deps) => {
      if (!answering(s)) return null
      return deps.models && !s.modelDown
        ? 'Writing the answer…'
        : 'Quoting the passages that answer it…'
    },
    run: synthesize,
    finished: (s) =>
      s.abstained
        ? 'The sources do not answer it.'
        : `Answer written with ${plural(s.cited.length, 'citation')}.`,
    recover: (s, reason, deps) => {
      // Whatever was streamed is withdrawn: the stream ends with the one answer the payload has.
      const answer = `The answer could not be written (${reason}).`
      deps.emit({ type: 'replace', reason: `writing the answer failed (${reason})` })
      deps.emit({ type: 'token', text: answer })
      return { ...s, answer, cited: [] }
    },
  },
  {
    name: 'enrich_images',
    starting: enrichMessage,
    run: enrichAnswer,
    finished: (s) => `Found ${plural(Object.values(s.images).filter(Boolean).length, 'image')}.`,
    recover: (s) => s,
  },
  {
    name: 'format_output',
    starting: () => 'Formatting the answer…',
    run: (state, deps) => formatOutput(state, deps),
    finished: (s) => finalMessage(s),
    recover: (s) => s,
  },
]

function status(
  deps: AnswerDeps,
  step: StepName,
  phase: 'start' | 'end' | 'error',
  message: string,
) {
  deps.emit({ type: 'status', step, phase, message, at: new Date(deps.now()).toISOString() })
}

async function runStep(step: Step, state: AskState, deps: AnswerDeps, signal: AbortSignal) {
  if (step.skip?.(state)) return state
  const starting = step.starting(state, deps)
  if (starting) status(deps, step.name, 'start', starting)
  try {
    const next = await step.run(state, deps, signal)
    if (starting) status(deps, step.name, 'end', step.finished(next))
    return next
  } catch (error) {
    if (signal.aborted) throw error
    const reason = describeFailure(error)
    status(deps, step.name, 'error', `${step.name.replace('_', ' ')} failed: ${reason}`)
    return withFallback(step.recover(state, reason, deps), step.name, reason)
  }
}

export async function runPipeline(
  initial: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  let state = initial
  for (const step of STEPS) {
    if (signal.aborted) throw signal.reason
    state = await runStep(step, state, deps, signal)
    if (step.name === 'synthesize') deps.onTextComplete?.()
  }
  return state
}

export function initialState(
  fields: Pick<AskState, 'sessionId' | 'query' | 'options' | 'history' | 'startedAt'> &
    Partial<Pick<AskState, 'instructions' | 'maxTokens' | 'earlierSources'>>,
): AskState {
  return {
    ...fields,
    smallTalk: false,
    searchQuery: fields.query,
    results: [],
    ranked: [],
    answer: '',
    cited: [],
    abstained: false,
    answeredBy: null,
    relatedQuestions: [],
    images: {},
    fallbacks: [],
  }
}
