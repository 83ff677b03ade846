// Stage 3, synthesize: the main model writes a concise answer citing the top sources as [n],
// streamed as plain text; it also judges relevance (its sentinel abstains). Offline, or when
// the model fails, an extractive answer quotes the sources the lexical judge accepts (and the
// fallback is recorded); text the model had already streamed is withdrawn with a `replace`
// packet, so every client ends with one answer. Without relevant sources it abstains.
import {
  askAbstention,
  coverageGapNote,
  subjectChangeNote,
  followUpGap,
  NO_SUBJECT_REASON,
  UNSAID_SUBJECT_REASON,
  pointsToNothingSaid,
  smallTalkReply,
} from '../grounding'
import { createCitedStream, type CitedStream } from './cited-stream'
import { extractiveAnswer, titlesOnly } from './extractive'
import { announceFallback, fallbackReason, withFallback } from './fallbacks'
import { judgeLexically, loadStats } from './judge'
import { synthesizeWithModel } from './synthesize-model'
import type { AnswerDeps, AskState } from './types'

const QUOTING = 'Quoting the passages that answer it instead…'

export const NOT_COVERED_REASON = 'the sources found do not address this question'

/** The abstention offers only what this request can change (a filter it set, other words). */
function abstentionText(state: AskState, deps: AnswerDeps): string {
  const { options } = state
  const library =
    options.search_mode === 'corpus' ||
    (options.search_mode !== 'academic' && deps.webSearch.name === 'corpus')
  return askAbstention({
    searchFailed: state.searchError,
    domainFilter: (options.search_domain_filter?.length ?? 0) > 0,
    recencyFilter: options.search_recency_filter !== undefined,
    libraryOnly: library,
    noSubject: state.abstainReason === NO_SUBJECT_REASON,
    unsaidSubject: state.abstainReason === UNSAID_SUBJECT_REASON,
  })
}

/** A reply that cites nothing: small talk or an abstention. */
function sayOnly(state: AskState, deps: AnswerDeps, answer: string): AskState {
  deps.emit({ type: 'token', text: answer })
  return { ...state, answer, cited: [], ranked: [] }
}

function abstain(state: AskState, deps: AnswerDeps, reason: string): AskState {
  const next = { ...state, abstained: true, abstainReason: reason }
  return sayOnly(next, deps, abstentionText(next, deps))
}

/**
 * Quotes the ranked sources. When their passages leave a subject of the question out, or
 * never hold its two subjects together, the answer says so before the quotes.
 */
async function writeExtractive(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  // Word statistics answer for a model that failed: a first question that names nothing
  // ("Were the results significant?") is refused as offline (plan.ts), not quoted from anything.
  if (state.history.length === 0 && pointsToNothingSaid(state.query))
    return abstain(state, deps, UNSAID_SUBJECT_REASON)
  // Loaded (and any failure listed) by the lexical judge that ran before this; cached.
  const { stats } = await loadStats(state.searchQuery, deps, signal)
  const passages = state.ranked.map((s) => ({ title: s.title, text: s.snippet }))
  const gap = await followUpGap(state.searchQuery, passages, stats)
  // A follow-up that left its topic ("What about the world cup?"): quote the topic's sources
  // only, never the one that merely shares a word with it (the "CUP" cancers). Each keeps its [n].
  const quoted =
    gap?.kind === 'asked' ? state.ranked.filter((_, i) => gap.onTopic.includes(i)) : state.ranked
  // No sentence of the evidence can be quoted on its own: the titles of what was judged to
  // address it, said to be only that.
  const sentences = extractiveAnswer(state.searchQuery, quoted)
  const pieces = sentences.length > 0 ? sentences : titlesOnly(state.searchQuery, quoted)
  if (pieces.length === 0) return abstain(state, deps, NOT_COVERED_REASON)
  const stream: CitedStream = createCitedStream(state.ranked, deps.emit)
  if (state.subjectChange) stream.push(`${subjectChangeNote(state.subjectChange)}\n\n`)
  if (gap) stream.push(`${coverageGapNote(gap, sentences.length > 0 ? 'quote' : 'title')}\n\n`)
  for (const piece of pieces) stream.push(piece)
  const { answer, cited } = stream.finish()
  return { ...state, answer, cited, answeredBy: null }
}

/**
 * The model failed: it never judged these sources, so the lexical judge does before they are
 * quoted; kept sources are renumbered (a source's rank is its [n] in the cited stream).
 */
async function quoteInstead(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  const passages = state.ranked.map((s) => ({ title: s.title, text: s.snippet }))
  const verdict = await judgeLexically(state.searchQuery, passages, deps, signal)
  const judged = { ...state, fallbacks: [...state.fallbacks, ...verdict.fallbacks] }
  if (verdict.relevant.length === 0)
    return abstain(judged, deps, verdict.reason ?? NOT_COVERED_REASON)
  const keep = new Set(verdict.relevant)
  const ranked = state.ranked.filter((_, i) => keep.has(i)).map((s, i) => ({ ...s, rank: i + 1 }))
  return writeExtractive({ ...judged, ranked }, deps, signal)
}

export async function synthesize(
  state: AskState,
  deps: AnswerDeps,
  signal: AbortSignal,
): Promise<AskState> {
  if (state.smallTalk) return sayOnly(state, deps, smallTalkReply(state.query))
  if (state.abstained || state.ranked.length === 0) {
    return abstain(state, deps, state.abstainReason ?? NOT_COVERED_REASON)
  }
  if (!deps.models) return writeExtractive(state, deps, signal)
  if (state.modelDown) {
    const message = `The model is not available (${state.modelDown}). ${QUOTING}`
    announceFallback(deps, 'synthesize', message)
    return writeExtractive(withFallback(state, 'synthesize', state.modelDown), deps, signal)
  }
  const model = deps.models.main
  const stream = createCitedStream(state.ranked, deps.emit)
  try {
    const { abstained } = await synthesizeWithModel(state, model, stream, signal)
    if (abstained) return { ...abstain(state, deps, NOT_COVERED_REASON), answeredBy: model.model }
    const { answer, cited } = stream.finish()
    return { ...state, answer, cited, answeredBy: model.model }
  } catch (error) {
    if (signal.aborted) throw error
    const reason = fallbackReason(error)
    announceFallback(deps, 'synthesize', `The model failed (${reason}). ${QUOTING}`)
    // One answer per stream: the partial model text (and its citations) is withdrawn.
    if (stream.hasOutput) deps.emit({ type: 'replace', reason: `the model failed (${reason})` })
    return quoteInstead(withFallback(state, 'synthesize', reason), deps, signal)
  }
}
