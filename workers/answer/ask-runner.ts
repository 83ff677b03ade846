// The 'ask' run kind, hosted by SessionDO: reads the session's earlier turns, answers through
// the pipeline, and saves the exchange (a stopped answer is saved too, marked stopped).
import { stripCitationMarkers, tidyAnswer } from '../grounding'
import type { RunContext, RunOutcome, SessionStore, StoredMessage } from '../session'
import { atBlock, type PacketBody } from '../stream'
import { ANSWER_BLOCK, answerQuestion, HISTORY_LIMIT } from './answer'
import { toAnswerDeps } from './answer-deps'
import { lastCitedSources } from './conversation-sources'
import type { AskRunInput, HistoryTurn } from './schemas'
import { StoppedAnswer } from './stopped-answer'
import type { AnswerPayload } from './types'

const HISTORY_MESSAGE_CHARS = 4000
export const ASK_CHECKPOINT = 'ask'

/** Old answers' [n] refer to old source lists: the model must not reuse those numbers. */
function forHistory(message: StoredMessage): string {
  const text =
    message.role === 'assistant'
      ? tidyAnswer(stripCitationMarkers(message.content))
      : message.content
  return text.slice(0, HISTORY_MESSAGE_CHARS)
}

export function recentHistory(messages: StoredMessage[]): HistoryTurn[] {
  return messages
    .filter(
      (m): m is StoredMessage & { role: 'user' | 'assistant' } =>
        m.role === 'user' || m.role === 'assistant',
    )
    .filter((m) => m.content.trim() && m.data.stopped !== true)
    .slice(-HISTORY_LIMIT)
    .map((m) => ({ role: m.role, content: forHistory(m) }))
}

function saveAnswer(store: SessionStore, payload: AnswerPayload, turns: number): void {
  const { sources, related_questions, cached, mode, fallbacks, abstained } = payload
  // Fallbacks, an abstention's reason and a search failure are kept as fields, so a reopened
  // session says why an answer was degraded, withheld or unsourced, as the stream did.
  const why = {
    ...(payload.reason === undefined ? {} : { reason: payload.reason }),
    ...(payload.search_error === undefined ? {} : { search_error: payload.search_error }),
  }
  const data = {
    kind: 'ask',
    sources,
    related_questions,
    cached,
    mode,
    fallbacks,
    abstained,
    ...why,
    ...(payload.claim_check ? { claim_check: payload.claim_check } : {}),
  }
  store.appendMessage({ role: 'assistant', content: payload.answer, data })
  store.putCheckpoint(ASK_CHECKPOINT, { question: payload.question, at: payload.timestamp, turns })
}

export async function runAsk(context: RunContext<AskRunInput>): Promise<RunOutcome> {
  const { input, store, signal, sessionId } = context
  const messages = store.listMessages()
  const askedBefore = messages.filter((m) => m.role === 'user').length
  const kept = new StoppedAnswer()
  /** Set the moment the stop lands (the signal aborts a turn later): the stream is closed. */
  let isStopped = false
  const emit = (body: PacketBody) => {
    // After a stop nothing more reaches the reader, so what was sent is what is saved.
    if (isStopped || signal.aborted) return
    kept.observe(body)
    context.emit(atBlock(body, ANSWER_BLOCK))
  }
  const request = {
    sessionId,
    query: input.query,
    options: input.options,
    history: recentHistory(messages),
    earlierSources: lastCitedSources(messages),
    claimMap: true,
  }
  store.appendMessage({
    role: 'user',
    content: input.query,
    data: { kind: 'ask', options: input.options },
  })
  // The stop is the outcome the moment it lands: the answer so far is saved then, with the
  // sources its [n] name, so a pipeline step that finishes anyway (a cached replay, a last
  // write) can never turn the stopped turn into a full "ready" answer behind the reader's back.
  const saveStopped = () => {
    store.appendMessage({ role: 'assistant', content: kept.text, data: kept.toData() })
  }
  signal.addEventListener('abort', saveStopped, { once: true })
  const stoppedOutcome = (): RunOutcome => {
    const data = kept.toData()
    const base = { session_id: sessionId, question: input.query, answer: kept.text }
    return { ...base, sources: data.sources, stopped: data.stopped }
  }
  // The stream closes with this outcome at the stop itself, before the pipeline unwinds.
  context.onStopOutcome?.(() => {
    isStopped = true
    return stoppedOutcome()
  })
  try {
    // Only before the stop: steps that ignore the signal must not complete a cut text.
    const onTextComplete = () => {
      if (!isStopped && !signal.aborted) kept.completeText()
    }
    const deps = { ...toAnswerDeps(context.deps, emit), onTextComplete }
    const payload = await answerQuestion(request, deps, context.deps.db, signal)
    if (signal.aborted) return stoppedOutcome()
    signal.removeEventListener('abort', saveStopped)
    saveAnswer(store, payload, askedBefore + 1)
    return { ...payload }
  } catch (error) {
    if (!signal.aborted) throw error
    return stoppedOutcome()
  } finally {
    signal.removeEventListener('abort', saveStopped)
  }
}
