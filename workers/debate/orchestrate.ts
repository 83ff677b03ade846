// The debate as one run (seed 002 §3, §7): rounds of scientist 1 (proposal) and scientist 2
// (review) until scientist 2 finds the proposal viable with a passing check, the round limit,
// or an interrupt. Ends with exactly one terminal marker; the transcript is returned (the
// `done` payload) and kept in the session, marked interrupted when it was.
import { userMessage } from '../context'
import { modeReport, respellForLibrary } from '../grounding'
import type { RunOutcome } from '../session'
import type { PreparedTurn, StepRunner } from '../turn'
import { emitStatus, emitText } from './emit'
import { debateNamespaces } from './evidence'
import { debateFollowUp, subjectChangeStatus } from './follow-up'
import type { TurnIngest } from './ingest-turn'
import { buildTurnQuery } from './query'
import type { DebateRunInput } from './schemas'
import { runScientistTurn, type TranscriptEntry } from './scientist-turn'
import { conclusionSummary, TERMINAL_MARKERS, terminalText, type TerminalState } from './terminal'
import type { FailedUpstreams } from './upstreams'
import { ingestUrl, type UrlIngest } from './url-ingest'
import { isConsensus } from './verdict'

interface DebateState {
  transcript: TranscriptEntry[]
  fallbacks: Set<string>
  failure: string | null
  rounds: number
  /** What retrieval searched, when it is not the question as asked (follow-up, respelt). */
  searched: string | null
  /** The subject a follow-up turned to, when it was debated as a new question. */
  subjectChange: string | null
  /** arXiv or Crossref once unreachable in this run: later turns do not wait on it again. */
  failedUpstreams: FailedUpstreams
}

function historyNote(input: DebateRunInput): string | null {
  if (input.history.length === 0) return null
  const lines = input.history.map((m) => `${m.role}: ${m.content.slice(0, 2_000)}`)
  return `Earlier conversation, for context only:\n${lines.join('\n')}`
}

function noteIngest(state: DebateState, ingest: TurnIngest): void {
  for (const provider of ['arxiv', 'crossref'] as const) {
    const failure = ingest[provider].failure
    if (failure && failure !== 'offline') state.fallbacks.add(`${provider}:unreachable`)
  }
}

/**
 * What the debate is about, standing alone: a follow-up ("what about flaky ones?") carries the
 * earlier questions' topic unless it turned to another subject (follow-up.ts), so retrieval and
 * the coverage judgement see what it asks; a word the library never uses is read as its
 * nearest index term, as /api/ask reads it.
 */
async function standaloneQuestion(
  turn: PreparedTurn,
  state: DebateState,
  input: DebateRunInput,
): Promise<string> {
  const question = turn.input.message
  const followUp = await debateFollowUp(turn, question, input.history)
  for (const fallback of followUp.fallbacks) state.fallbacks.add(fallback)
  const standalone = followUp.query
  state.subjectChange = followUp.subjectChange
  if (followUp.subjectChange) emitStatus(turn, subjectChangeStatus(followUp.subjectChange))
  else if (standalone !== question) emitStatus(turn, `Follow-up read as: ${standalone}`)
  const namespaces = debateNamespaces(turn)
  const spelt = await respellForLibrary(standalone, turn.deps.db, namespaces, turn.signal)
  if (spelt.fallback) state.fallbacks.add(spelt.fallback)
  if (spelt.query !== standalone) emitStatus(turn, `Searched as: ${spelt.query}`)
  if (spelt.query !== question) state.searched = spelt.query
  return spelt.query
}

/** Runs rounds until a stop condition; returns how the debate ended. */
async function runRounds(
  turn: PreparedTurn,
  runStep: StepRunner,
  state: DebateState,
  question: string,
): Promise<TerminalState> {
  const offline = turn.model === null
  // Offline turns quote the same knowledge base each round: one round says all they can.
  const maxRounds = offline ? 1 : turn.deps.config.debate.maxTurns
  let previous: string | null = null
  let proposal: string | null = null
  // Once the model fails, the rest of the run quotes instead: asking it again each turn would
  // wait out the same failure, and this round's quotes say all later ones could.
  let modelFailure: string | null = null
  for (let round = 1; round <= maxRounds && (round === 1 || modelFailure === null); round += 1) {
    state.rounds = round
    for (const speaker of ['optimist', 'pessimist'] as const) {
      const entry = await runScientistTurn(turn, runStep, {
        speaker,
        round,
        query: buildTurnQuery(question, previous),
        question,
        proposal: speaker === 'pessimist' ? proposal : null,
        offline,
        modelFailure,
        onModelFailure: (reason) => {
          modelFailure = reason
          state.fallbacks.add(`model:${reason}`)
        },
        onIngest: (ingest) => noteIngest(state, ingest),
        failedUpstreams: state.failedUpstreams,
        onRetrievalFallbacks: (found) => {
          for (const fallback of found) state.fallbacks.add(`retrieval:${fallback}`)
        },
      })
      state.transcript.push(entry)
      if (entry.interrupted) return 'interrupted'
      if (entry.error) {
        state.failure = `the model failed (${entry.error.reason})`
        state.fallbacks.add(`model:${entry.error.reason}`)
        return 'interrupted'
      }
      previous = entry.text
      if (speaker === 'optimist') proposal = entry.text
      else if (entry.verdict && isConsensus(entry.verdict)) return 'consensus'
    }
  }
  return 'max_turns'
}

async function addUrl(turn: PreparedTurn, state: DebateState, url: string): Promise<void> {
  // Offline runs fetch nothing: the debate stays on the knowledge base as it is.
  const result: UrlIngest =
    turn.model === null
      ? { ok: false, message: 'URL not ingested (offline): debating without it' }
      : await ingestUrl(turn, url)
  if (!result.ok) state.fallbacks.add('url:not_ingested')
  emitStatus(turn, result.message, result.ok ? undefined : 'url')
}

export async function orchestrateDebate(
  turn: PreparedTurn,
  runStep: StepRunner,
  input: DebateRunInput,
): Promise<RunOutcome> {
  const state: DebateState = {
    transcript: [],
    fallbacks: new Set(),
    failure: null,
    rounds: 0,
    searched: null,
    subjectChange: null,
    failedUpstreams: new Map(),
  }
  if (turn.model === null) {
    state.fallbacks.add('model:offline')
    emitStatus(
      turn,
      'Offline: no language model is configured — extractive turns from the knowledge base, Validation: N/A',
    )
  }
  const note = historyNote(input)
  if (note) turn.priorSteps.push(userMessage(note))
  let terminal: TerminalState
  try {
    if (input.url) await addUrl(turn, state, input.url)
    terminal = await runRounds(turn, runStep, state, await standaloneQuestion(turn, state, input))
  } catch (error) {
    if (!turn.signal.aborted) throw error
    terminal = 'interrupted'
  }
  if (turn.signal.aborted) terminal = 'interrupted'
  const summary = conclusionSummary(terminal, state.transcript, state)
  emitText(turn, terminalText(terminal, summary))
  return saveDebate(turn, state, { terminal, summary })
}

/** What the session keeps of one scientist turn: what the page shows of it. */
function storedTurn(entry: TranscriptEntry) {
  return {
    scientist: entry.scientist,
    speaker: entry.speaker,
    round: entry.round,
    text: entry.text,
    references: entry.references,
    verdict: entry.verdict ? { ...entry.verdict, override: entry.validation_override } : null,
    interrupted: entry.interrupted,
    stage: entry.stage,
  }
}

function saveDebate(
  turn: PreparedTurn,
  state: DebateState,
  end: { terminal: TerminalState; summary: string },
): RunOutcome {
  const interrupted = end.terminal === 'interrupted'
  const references = state.transcript.flatMap((e) =>
    e.references.map((r) => ({ ...r, round: e.round, scientist: e.scientist })),
  )
  const outcome = {
    kind: 'debate',
    session_id: turn.sessionId,
    question: turn.input.message,
    ...(state.searched ? { search_query: state.searched } : {}),
    ...(state.subjectChange ? { subject_change: state.subjectChange } : {}),
    ...modeReport(turn.model !== null, [...state.fallbacks]),
    terminal: end.terminal,
    terminal_marker: TERMINAL_MARKERS[end.terminal],
    conclusion: end.summary,
    rounds: state.rounds,
    interrupted,
    transcript: state.transcript,
    verdicts: state.transcript.flatMap((e) => (e.verdict ? [e.verdict] : [])),
    references,
  }
  const content = state.transcript
    .map((e) => `Research Scientist ${e.scientist} (round ${e.round}):\n${e.text}`)
    .join('\n\n')
  turn.store.appendMessage({
    role: 'assistant',
    content: `${content}\n\n${TERMINAL_MARKERS[end.terminal]}\n${end.summary}`,
    // The turns ride along as the page shows them (text, verdict, references), so a reload
    // and a share link show the debate as it was streamed.
    data: {
      kind: 'debate',
      run_id: turn.runId,
      ...(state.searched ? { search_query: state.searched } : {}),
      ...(state.subjectChange ? { subject_change: state.subjectChange } : {}),
      terminal: end.terminal,
      terminal_marker: TERMINAL_MARKERS[end.terminal],
      conclusion: end.summary,
      interrupted,
      mode: outcome.mode,
      fallbacks: outcome.fallbacks,
      verdicts: state.transcript.flatMap((e) =>
        e.verdict ? [{ ...e.verdict, override: e.validation_override }] : [],
      ),
      turns: state.transcript.map(storedTurn),
    },
  })
  return outcome
}
