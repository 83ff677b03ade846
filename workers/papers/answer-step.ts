// The paper chat's answer over the selected pages: one model step (offline: the extractive
// answer, labelled offline). When the model fails for any reason but quota (5xx, reset,
// timeout, a malformed or empty reply), the answer falls back to the extractive answer over
// the same pages, labelled degraded with the reason, and the stream says so in a status line.
// A provider out of quota keeps its error (a 429) and starts the API cooldown.
import { NO_ANSWER_SENTINEL, type ResultMode as ChatMode, type StageFallback } from '../grounding'
import { announceFallback, type PreparedTurn, type StepError, type StepRunner } from '../turn'
import { extractiveOverview, extractivePaperAnswer } from './offline-chat'
import type { GivenPage } from './page-citations'
import {
  degradedLabel,
  judgedContextInstruction,
  OFFLINE_LABEL,
  overviewInstruction,
  PAPERS_PERSONA,
} from './prompts'
import { markApiExhausted } from './quota'
import type { PaperLog } from './session-log'

export type { ResultMode as ChatMode, StageFallback } from '../grounding'

export interface ProducedAnswer {
  text: string
  mode: ChatMode
  fallbacks: StageFallback[]
  /** The model read the pages and found none addressing the question: nothing was shown. */
  declined?: boolean
  /** A failure the answer could not fall back from (quota): reported as the run's error. */
  error?: { code: string; message: string }
}

export interface AnswerEvidence {
  pages: GivenPage[]
  overview?: boolean
  /** Why the search found the model not there (unreachable, out of quota, timed out). */
  modelDown?: string
}

/**
 * Quota and rate limits keep today's behaviour (the run's error: a 429 with the time left, or
 * the provider's failure), whether the status or the words said so; anything else falls back.
 */
const QUOTA_CODES = new Set(['quota_exhausted', 'rate_limited'])
export const recoverable = (error: StepError) =>
  !QUOTA_CODES.has(error.code) && error.reason !== 'quota'

function extractive(question: string, evidence: AnswerEvidence): string {
  return evidence.overview
    ? extractiveOverview(evidence.pages)
    : extractivePaperAnswer(question, evidence.pages)
}

function emitText(turn: PreparedTurn, text: string): void {
  turn.emitter.emit({ turn_index: turn.blocks.open(), type: 'token', text })
}

/** The extractive answer in place of the model's, with the reason said in the stream. */
function degradedAnswer(
  turn: PreparedTurn,
  evidence: AnswerEvidence,
  reason: string,
): ProducedAnswer {
  announceFallback(
    turn,
    `The model failed (${reason}): answering from the same pages without it.`,
    'answer',
  )
  const text = `${degradedLabel(reason)}\n\n${extractive(turn.input.message, evidence)}`
  emitText(turn, `\n\n${text}`)
  return { text, mode: 'degraded', fallbacks: [{ stage: 'answer', reason }] }
}

function failureReason(error: StepError): string {
  return `${error.reason}: ${error.message}`
}

export async function answerFrom(
  turn: PreparedTurn,
  runStep: StepRunner,
  evidence: AnswerEvidence,
  log: PaperLog,
): Promise<ProducedAnswer> {
  const question = turn.input.message
  if (!turn.model) {
    const text = `${OFFLINE_LABEL}\n\n${extractive(question, evidence)}`
    emitText(turn, text)
    return { text, mode: 'offline', fallbacks: [] }
  }
  // The search already met a model that is not there: waiting on it again would only delay
  // the same fallback. Out of quota, the answer call still goes, to keep the seed's 429.
  if (evidence.modelDown && evidence.modelDown !== 'quota') {
    return degradedAnswer(turn, evidence, `${evidence.modelDown}: met while searching`)
  }
  // A question naming no topic asks for an overview, which every paper can give; one naming a
  // topic is the model's to judge: it declines with the sentinel when no page addresses it.
  const instruction = evidence.overview
    ? overviewInstruction(question, evidence.pages)
    : judgedContextInstruction(question, evidence.pages)
  const declinesWith = evidence.overview ? undefined : NO_ANSWER_SENTINEL
  const started = turn.deps.now()
  const step = await runStep({
    persona: PAPERS_PERSONA,
    tools: [],
    instruction,
    recoverable,
    ...(declinesWith ? { declinesWith } : {}),
  })
  log.llm({
    model: turn.model.model,
    purpose: 'answer',
    prompt: `${PAPERS_PERSONA}\n\n${instruction}`,
    // A declined reply was held back from the stream, not from the log.
    completion: step.declined ? NO_ANSWER_SENTINEL : step.text,
    latencyMs: turn.deps.now() - started,
    ...(step.error ? { error: step.error.message } : {}),
    ...(step.usage ? { usage: step.usage } : {}),
  })
  if (step.error && !recoverable(step.error)) {
    // The error packet is out (the relay answers with it); a provider out of quota also starts
    // the API cooldown, as the seed's quota manager does.
    if (step.error.code === 'quota_exhausted') {
      markApiExhausted(turn.store.sql, turn.deps.config.papers, turn.deps.now())
    }
    const { code, message } = step.error
    return { text: step.text, mode: 'online', fallbacks: [], error: { code, message } }
  }
  if (step.stopped) return { text: step.text, mode: 'online', fallbacks: [] }
  if (step.declined) return { text: '', mode: 'online', fallbacks: [], declined: true }
  if (step.error) return degradedAnswer(turn, evidence, failureReason(step.error))
  if (!step.text.trim()) {
    return degradedAnswer(turn, evidence, 'malformed reply: the model sent no answer text')
  }
  return { text: step.text, mode: 'online', fallbacks: [] }
}
