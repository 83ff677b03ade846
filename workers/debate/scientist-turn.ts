// One scientist's turn (seed 002 §3, §11): query -> arXiv + Crossref ingestion -> retrieval
// over the whole index -> the answer from those chunks -> the parsed, code-checked verdict
// and Quire's APA references. Emits the §12 signals in order. An interrupt anywhere returns
// the turn so far, marked interrupted.
import { userMessage } from '../context'
import type { Verdict } from '../stream'
import { CitationTracker, type PreparedTurn, type StepRunner, type StepSpec } from '../turn'
import { untilAborted } from './abortable'
import { extractCodeBlocks, validateCode, type BlockCheck } from './code-check'
import { emitStatus, emitText } from './emit'
import { judgeEvidence, retrieveEvidence, type TurnEvidence } from './evidence'
import { ingestForTurn, type TurnIngest } from './ingest-turn'
import { parseEnding, type Speaker } from './markers'
import { modelFailedLabel } from './offline-label'
import { offlineStep } from './offline-turn'
import { personaOf, scientistNumber, turnInstruction } from './prompts'
import {
  buildReferences,
  checkTurnCitations,
  referencesSection,
  type CitationCheck,
  type TurnReference,
} from './references'
import { UPSTREAMS, upstreamName, type FailedUpstreams } from './upstreams'
import { buildVerdict } from './verdict'

export type TurnStage = 'query' | 'ingestion' | 'retrieval' | 'generation' | 'review' | 'done'

export interface TranscriptEntry {
  speaker: Speaker
  scientist: 1 | 2
  round: number
  query: string
  ingested: { arxiv: number; crossref: number } | null
  retrieved: number | null
  text: string
  verdict: Verdict | null
  parsed: boolean
  validation_override: string | null
  code_checks: BlockCheck[]
  references: TurnReference[]
  citations: CitationCheck | null
  /** Where the turn was when it ended; 'done' unless interrupted or failed. */
  stage: TurnStage
  interrupted: boolean
  error: { code: string; message: string; reason: string } | null
}

export interface ScientistTurnOptions {
  speaker: Speaker
  round: number
  query: string
  /** The debate's question: what the turn's evidence must address. */
  question: string
  /** Code under review: scientist 1's latest proposal (scientist 2's turns). */
  proposal: string | null
  offline: boolean
  /**
   * Why the model failed earlier in this run, or null: the turn is then extractive, as an
   * offline one is, but labelled degraded and still searching arXiv and Crossref.
   */
  modelFailure: string | null
  /** Called when the model fails before showing a word: the turn fell back to quoting. */
  onModelFailure: (reason: string) => void
  /** Provider failures of this turn's ingestion, collected for the run's fallbacks. */
  onIngest: (ingest: TurnIngest) => void
  /** The run's failed upstreams: skipped by this turn, added to when one fails in it. */
  failedUpstreams: FailedUpstreams
  /** Retrieval stages that fell back ('rerank:lexical'), collected for the run's fallbacks. */
  onRetrievalFallbacks: (fallbacks: string[]) => void
}

function newEntry(options: ScientistTurnOptions): TranscriptEntry {
  const { speaker, round, query } = options
  return {
    speaker,
    scientist: scientistNumber(speaker),
    round,
    query,
    ingested: null,
    retrieved: null,
    text: '',
    verdict: null,
    parsed: false,
    validation_override: null,
    code_checks: [],
    references: [],
    citations: null,
    stage: 'query',
    interrupted: false,
    error: null,
  }
}

async function ingest(turn: PreparedTurn, entry: TranscriptEntry, options: ScientistTurnOptions) {
  const label = `Research Scientist ${entry.scientist}`
  entry.stage = 'ingestion'
  const offline = { count: 0, failure: 'offline', skipped: true }
  const result: TurnIngest = options.offline
    ? { arxiv: offline, crossref: offline }
    : await ingestForTurn(turn.deps, entry.query, {
        signal: turn.signal,
        failed: options.failedUpstreams,
      })
  entry.ingested = { arxiv: result.arxiv.count, crossref: result.crossref.count }
  emitStatus(
    turn,
    `${label} Ingested: arXiv=${result.arxiv.count}, Crossref=${result.crossref.count}`,
  )
  options.onIngest(result)
  // Said in the turn that found the failure; later turns skip the upstream without a word.
  const failed = UPSTREAMS.filter((p) => result[p].failure && !result[p].skipped)
  if (failed.length > 0) {
    const why = failed.map((p) => `${upstreamName(p)} (${result[p].failure})`)
    const remembered = failed.every((p) => options.failedUpstreams.has(p))
    const rest = remembered ? ', and not asked again in this debate' : ''
    emitStatus(
      turn,
      `${label}: ${why.join(', ')} unreachable — debating over the existing knowledge base${rest}`,
      'ingestion',
    )
  }
}

function review(entry: TranscriptEntry, options: ScientistTurnOptions): void {
  const ending = parseEnding(entry.text, options.speaker)
  // Scientist 2 vouches for scientist 1's code (and any fix of its own); scientist 1's own
  // Validation is N/A by role, so only a PASS it claims is held to its own blocks.
  const code = validateCode(extractCodeBlocks(`${options.proposal ?? ''}\n${entry.text}`))
  const extractive = options.offline || options.modelFailure !== null
  if (extractive) ending.validation = 'N/A'
  const judged = buildVerdict({ speaker: options.speaker, round: options.round, ending, code })
  entry.verdict = judged.verdict
  entry.parsed = judged.parsed || extractive
  entry.validation_override = judged.override
  entry.code_checks = code.checks
}

function reportNotCovered(turn: PreparedTurn, label: string, evidence: TurnEvidence): void {
  if (!evidence.notCovered) return
  emitStatus(
    turn,
    `${label}: none of them addresses the question (${evidence.notCovered}), so this turn cites nothing`,
  )
}

/**
 * Only `evidence`'s numbers may be cited in what follows: the run numbers every chunk once, so
 * an earlier turn's [n] still names a chunk, and shown here it would cite evidence this turn
 * never retrieved. Code blocks stay as written (the code check reads them; `xs[2]` cites nothing).
 */
function citeOnly(turn: PreparedTurn, evidence: TurnEvidence): void {
  turn.citations = new CitationTracker(turn.numbering, {
    numbers: evidence.numbers,
    codeVerbatim: true,
  })
}

/** The extractive turn over `evidence`: labelled offline, or degraded when the model failed. */
function quoting(
  entry: TranscriptEntry,
  options: ScientistTurnOptions,
  evidence: TurnEvidence,
  modelFailure: string | null,
): StepSpec['offline'] {
  const label = modelFailure === null ? undefined : modelFailedLabel(modelFailure)
  return offlineStep(options.speaker, entry.query, evidence.documents, label)
}

export async function runScientistTurn(
  turn: PreparedTurn,
  runStep: StepRunner,
  options: ScientistTurnOptions,
): Promise<TranscriptEntry> {
  const entry = newEntry(options)
  const label = `Research Scientist ${entry.scientist}`
  try {
    emitStatus(turn, `${label} Search Query: ${entry.query}`)
    await ingest(turn, entry, options)
    entry.stage = 'retrieval'
    const found = await retrieveEvidence(
      turn,
      entry.query,
      options.question,
      options.modelFailure !== null,
    )
    entry.retrieved = found.retrieved
    emitStatus(turn, `${label} Retrieved chunks from vector DB: ${found.retrieved}`)
    // A reranker or planner that failed online is a degraded turn, never a normal one.
    if (found.fallbacks.length > 0 && !options.offline) {
      emitStatus(
        turn,
        `${label}: retrieval fell back (${found.fallbacks.join(', ')}); the debate is marked degraded`,
        'retrieval',
      )
      options.onRetrievalFallbacks(found.fallbacks)
    }
    reportNotCovered(turn, label, found)
    entry.stage = 'generation'
    emitStatus(turn, `${label} Response:`)
    const instruction = turnInstruction(options.speaker, options.round, found.documents.length)
    turn.priorSteps.push(userMessage(instruction, found.documents))
    let evidence = found
    citeOnly(turn, evidence)
    let answer = await runStep({
      persona: personaOf(options.speaker),
      tools: [],
      maxTokens: turn.deps.config.debate.maxNewTokens,
      offline: quoting(entry, options, evidence, options.modelFailure),
      ...(options.modelFailure === null ? {} : { withoutModel: { reason: options.modelFailure } }),
      // A failed model call never becomes a bare error that loses the payload: before a word
      // was shown the turn quotes its evidence instead; after, the debate ends with its reason
      // in the conclusion, the transcript so far kept and returned.
      recoverable: () => true,
    })
    let modelFailure = options.modelFailure
    if (answer.error && !answer.text && !answer.stopped && !turn.signal.aborted) {
      modelFailure = answer.error.reason
      emitStatus(
        turn,
        `${label}: the model failed (${modelFailure}); this turn and the rest quote the knowledge base instead`,
        'generation',
      )
      options.onModelFailure(modelFailure)
      // The model was to judge the passages; now quotes are drawn from them, so word
      // statistics judge the same passages first, as offline.
      evidence = await judgeEvidence(turn, options.question, found.chunks, found.fallbacks, false)
      reportNotCovered(turn, label, evidence)
      citeOnly(turn, evidence)
      answer = await runStep({
        tools: [],
        offline: quoting(entry, options, evidence, modelFailure),
        withoutModel: { reason: modelFailure },
      })
    }
    entry.text = answer.text
    entry.error = answer.error ?? null
    if (answer.stopped || turn.signal.aborted) return interrupted(entry)
    if (entry.error) {
      emitStatus(
        turn,
        `${label}: the model failed (${entry.error.reason}); the debate stops here`,
        'generation',
      )
      return entry
    }
    entry.stage = 'review'
    review(entry, { ...options, modelFailure })
    entry.citations = checkTurnCitations(entry.text, evidence.numbers)
    entry.references = await untilAborted(
      buildReferences(turn, entry.citations.grounded),
      turn.signal,
    )
    emitText(turn, referencesSection(entry.references))
    if (entry.verdict)
      turn.emitter.emit({ turn_index: turn.blocks.open(), type: 'verdict', verdict: entry.verdict })
    if (!entry.parsed) emitStatus(turn, `${label} ending unreadable: turn marked unparsed`)
    if (entry.validation_override)
      emitStatus(turn, `${label} Validation ${entry.validation_override}`)
    entry.stage = 'done'
    return entry
  } catch (error) {
    if (turn.signal.aborted) return interrupted(entry)
    throw error
  }
}

function interrupted(entry: TranscriptEntry): TranscriptEntry {
  entry.interrupted = true
  return entry
}
