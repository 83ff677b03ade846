// Paper Brain's agent loop as a run on the turn engine (seed 004 §4): the user talks to an
// agent that sees the current numbered results and the loaded papers and may call
// search_more_papers and load_selected_papers. Offline (no model) it runs a keyword search on
// the message and loads nothing by itself; a model failing for any reason but quota degrades
// to that, said in a status line.
import { isAppError } from '../errors'
import { modeReport } from '../grounding'
import type { RunOutcome } from '../session'
import { announceFallback, createTurnRunner, type PreparedTurn, type StepRunner } from '../turn'
import { recoverable, type StageFallback } from './answer-step'
import { brainSearch, brainTools, describeResults, type BrainActions } from './brain-tools'
import { listPapers, readResults } from './paper-store'
import { markApiExhausted, refundQuota } from './quota'
import { requestTopic } from './request-topic'

const BRAIN_PERSONA = [
  'You help a researcher find arXiv papers and load them for a chat across papers.',
  'You see the current numbered search results and the papers already loaded. When the',
  'results miss what the user wants, call search_more_papers with a better query; when the',
  'user picks results, or asks you to load the ones that fit, call load_selected_papers with',
  'their numbers (1 to 10). Never invent papers or numbers that are not in the list. Reply',
  'briefly: what you searched or loaded, and what the user can do next.',
].join(' ')

const OFFLINE_NOTE =
  'Without a language model Paper Brain only searches: nothing is loaded on its own. Tick the papers you want among the search results and choose Load selected.'

function instructionFor(turn: PreparedTurn): string {
  const results = readResults(turn.store.sql)
  const loaded = listPapers(turn.store.sql).filter((p) => p.status === 'loaded')
  return [
    'Current search results:',
    results.length > 0 ? describeResults(results) : 'None yet: search first.',
    '',
    `Papers already loaded: ${loaded.length > 0 ? loaded.map((p) => p.title).join('; ') : 'none'}.`,
    '',
    `The user says: ${turn.input.message}`,
  ].join('\n')
}

function emit(turn: PreparedTurn, text: string): void {
  turn.emitter.emit({ turn_index: turn.blocks.open(), type: 'token', text })
}

/**
 * Keyword search on the message's topic (unless this turn already searched); never loads.
 * When that search does not run, the message did no work: its Paper Brain unit is given back.
 */
async function withoutModel(turn: PreparedTurn, actions: BrainActions, label: string) {
  let note = ''
  if (actions.searches.length === 0) {
    try {
      await brainSearch(turn, requestTopic(turn.input.message), actions)
    } catch (error) {
      if (turn.signal.aborted) throw error
      refundQuota(turn.store.sql, 'brain', turn.deps.config.papers, turn.deps.now())
      const why = isAppError(error) ? error.message : 'the search failed'
      note = `Search did not run: ${why}. This message and its search were not counted against the session's quota.`
    }
  }
  const text = [label, note, describeResults(readResults(turn.store.sql)), OFFLINE_NOTE]
    .filter(Boolean)
    .join('\n\n')
  emit(turn, text)
  return text
}

function finish(
  turn: PreparedTurn,
  actions: BrainActions,
  produced: {
    answer: string
    fallbacks: StageFallback[]
    error?: { code: string; message: string }
  },
): RunOutcome {
  const report = modeReport(turn.model !== null, actions.fallbacks, produced.fallbacks)
  const saved = turn.store.appendMessage({
    role: 'assistant',
    content: produced.answer,
    data: { kind: 'papers_brain', mode: report.mode, run_id: turn.runId },
  })
  return {
    ...produced,
    ...report,
    searches: actions.searches,
    loaded: actions.loaded,
    results: readResults(turn.store.sql),
    papers: listPapers(turn.store.sql),
    message_id: saved.id,
    stopped: turn.state.stopped,
  }
}

async function orchestrateBrain(turn: PreparedTurn, runStep: StepRunner): Promise<RunOutcome> {
  const actions: BrainActions = { searches: [], loaded: [], fallbacks: [] }
  if (!turn.model) {
    const answer = await withoutModel(turn, actions, 'Offline: keyword search, no language model.')
    return finish(turn, actions, { answer, fallbacks: [] })
  }
  const step = await runStep({
    persona: BRAIN_PERSONA,
    tools: brainTools(turn, actions),
    instruction: instructionFor(turn),
    recoverable,
  })
  if (step.error && !recoverable(step.error)) {
    // The error packet is out (a 429 for JSON callers); quota also starts the API cooldown.
    if (step.error.code === 'quota_exhausted') {
      markApiExhausted(turn.store.sql, turn.deps.config.papers, turn.deps.now())
    }
    const { code, message } = step.error
    return finish(turn, actions, {
      answer: step.text,
      fallbacks: [],
      error: { code, message },
    })
  }
  if (step.stopped || (!step.error && step.text.trim())) {
    return finish(turn, actions, { answer: step.text, fallbacks: [] })
  }
  const reason = step.error
    ? `${step.error.reason}: ${step.error.message}`
    : 'malformed reply: the model sent no answer text'
  announceFallback(
    turn,
    `The model failed (${reason}): searching by keywords instead, loading nothing.`,
    'brain',
  )
  const answer = await withoutModel(
    turn,
    actions,
    `Degraded (the language model failed: ${reason}): keyword search only.`,
  )
  return finish(turn, actions, { answer, fallbacks: [{ stage: 'brain', reason }] })
}

export const runPaperBrain = createTurnRunner({
  persona: BRAIN_PERSONA,
  tools: [],
  orchestrate: orchestrateBrain,
})
