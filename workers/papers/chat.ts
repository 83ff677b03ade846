// Paper chat as a run on the open turn engine: gather the session's paper evidence (a question
// naming no topic: the papers' opening pages), abstain through the grounding core when it does
// not address the question, otherwise answer from the selected pages (answer-step.ts: model,
// offline or degraded); every [Paper Title, Page X] is then checked against the pages given,
// and the checked answer is what is saved and returned. Retrieval that fell back (a failed
// reranker or list) makes an online answer `degraded`, its fallbacks listed.
import { abstentionAnswer, fallbackWords, modeReport } from '../grounding'
import type { RunOutcome } from '../session'
import type { SourceRef } from '../stream'
import { announceFallback, createTurnRunner, type PreparedTurn, type StepRunner } from '../turn'
import { answerFrom, type ChatMode, type StageFallback } from './answer-step'
import { loggedEvidenceDeps } from './chat-log'
import { gatherEvidence } from './evidence'
import { appendLog } from './log-store'
import { checkPageCitations, type GivenPage } from './page-citations'
import { listPapers } from './paper-store'
import { PAPERS_PERSONA } from './prompts'
import { PaperLog, type RequestMetrics } from './session-log'

function sourcesOf(pages: GivenPage[], pdfUrls: Map<string, string | null>): SourceRef[] {
  return pages.map((p, i) => {
    const pdf = pdfUrls.get(p.paperId)
    return {
      number: i + 1,
      title: p.title,
      ...(pdf ? { url: `${pdf}#page=${p.page}` } : {}),
      snippet: p.text.slice(0, 240),
      page: p.page,
    }
  })
}

/** Says in the stream that retrieval fell back, before any answer text. */
function announceFallbacks(turn: PreparedTurn, fallbacks: StageFallback[]): void {
  if (fallbacks.length === 0) return
  const what = fallbacks.map(fallbackWords).join('; ')
  announceFallback(
    turn,
    `Retrieval fell back: ${what}; the answer is marked degraded.`,
    'retrieval',
  )
}

/** Closes the request's log with its token metrics and stores it in the session. */
function closeLog(
  turn: PreparedTurn,
  log: PaperLog,
  metrics: { chunk_tokens: number; latency_ms: Record<string, number> },
): RequestMetrics {
  const full = log.request(metrics)
  appendLog(turn.store.sql, log.entries)
  return full
}

/** The papers do not address the question: it says so, cites nothing, and is saved as such. */
function abstained(
  turn: PreparedTurn,
  reason: string,
  outcome: { mode: ChatMode; fallbacks: StageFallback[]; task: string; metrics: RequestMetrics },
): RunOutcome {
  const answer = abstentionAnswer(reason)
  turn.emitter.emit({ turn_index: turn.blocks.open(), type: 'token', text: answer })
  const saved = turn.store.appendMessage({
    role: 'assistant',
    content: answer,
    data: {
      kind: 'papers_answer',
      abstained: true,
      citations: [],
      mode: outcome.mode,
      ...(outcome.fallbacks.length > 0 ? { fallbacks: outcome.fallbacks } : {}),
    },
  })
  return { answer, citations: [], sources: [], abstained: true, ...outcome, message_id: saved.id }
}

async function orchestratePaperChat(turn: PreparedTurn, runStep: StepRunner): Promise<RunOutcome> {
  const papers = listPapers(turn.store.sql).filter((p) => p.status === 'loaded')
  const question = turn.input.message
  const log = new PaperLog('multi_paper_rag', question, turn.deps.now)
  const deps = loggedEvidenceDeps(turn.deps, log)
  const started = turn.deps.now()
  const modelReads = turn.model !== null
  const evidence = await gatherEvidence(
    deps,
    turn.sessionId,
    question,
    papers,
    turn.signal,
    modelReads,
  )
  const retrieval = turn.deps.now() - started
  const chunkTokens = log.chunks(evidence.chunks)
  // Nothing degraded is presented as normal: retrieval that fell back makes an online answer
  // `degraded` (the grounding core's modeReport); offline stays offline.
  const { mode: mode0, fallbacks: found } = modeReport(turn.model !== null, evidence.fallbacks)
  if (mode0 === 'degraded') announceFallbacks(turn, found)
  if (evidence.abstain !== undefined || papers.length === 0) {
    const metrics = closeLog(turn, log, { chunk_tokens: chunkTokens, latency_ms: { retrieval } })
    const reason = papers.length === 0 ? 'no paper is loaded in this session' : evidence.abstain
    return abstained(turn, reason ?? 'the loaded papers do not address it', {
      mode: mode0,
      fallbacks: found,
      task: evidence.task,
      metrics,
    })
  }
  const pdfUrls = new Map(papers.map((p) => [p.id, p.pdf_url]))
  const sources = sourcesOf(evidence.pages, pdfUrls)
  turn.emitter.emit({ turn_index: turn.blocks.open(), type: 'sources', sources })
  const answering = turn.deps.now()
  const produced = await answerFrom(turn, runStep, evidence, log)
  const metrics = closeLog(turn, log, {
    chunk_tokens: chunkTokens,
    latency_ms: { retrieval, answer: turn.deps.now() - answering },
  })
  const { mode, fallbacks } = modeReport(turn.model !== null, found, produced.fallbacks)
  if (produced.declined) {
    const reason = 'the model found that none of the pages given addresses it'
    return abstained(turn, reason, { mode, fallbacks, task: evidence.task, metrics })
  }
  const checked = checkPageCitations(produced.text, evidence.pages)
  const saved = turn.store.appendMessage({
    role: 'assistant',
    content: checked.text,
    data: {
      kind: 'papers_answer',
      abstained: false,
      citations: checked.citations,
      mode,
      ...(fallbacks.length > 0 ? { fallbacks } : {}),
      // A reload labels the cut answer as the live page did (web/src/papers/stored-chat.ts).
      ...(turn.state.stopped ? { stopped: true } : {}),
      run_id: turn.runId,
    },
  })
  return {
    answer: checked.text,
    citations: checked.citations,
    sources,
    abstained: false,
    mode,
    fallbacks,
    task: evidence.task,
    citation_check: { corrected: checked.corrected, removed: checked.removed },
    metrics,
    message_id: saved.id,
    stopped: turn.state.stopped,
    ...(produced.error ? { error: produced.error } : {}),
  }
}

export const runPaperChat = createTurnRunner({
  persona: PAPERS_PERSONA,
  tools: [],
  orchestrate: orchestratePaperChat,
})
