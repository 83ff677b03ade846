// Paper chat as a run on the open turn engine: gather the session's paper evidence, abstain
// through the grounding core when it does not address the question, otherwise one model step
// answers from the selected pages (offline: the extractive answer, labelled offline); every
// [Paper Title, Page X] is then checked against the pages given, and the checked answer is
// what is saved and returned.
import { abstentionAnswer } from '../grounding'
import type { RunOutcome } from '../session'
import type { SourceRef } from '../stream'
import { createTurnRunner, type PreparedTurn, type StepRunner } from '../turn'
import { gatherEvidence } from './evidence'
import { extractivePaperAnswer } from './offline-chat'
import { checkPageCitations, type GivenPage } from './page-citations'
import { listPapers } from './paper-store'
import { contextInstruction, OFFLINE_LABEL, PAPERS_PERSONA } from './prompts'
import { markApiExhausted } from './quota'

type Mode = 'online' | 'offline' | 'degraded'

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

async function answerFrom(
  turn: PreparedTurn,
  runStep: StepRunner,
  pages: GivenPage[],
): Promise<{
  text: string
  mode: Mode
  fallbacks: string[]
  error?: { code: string; message: string }
}> {
  const question = turn.input.message
  if (!turn.model) {
    const text = `${OFFLINE_LABEL}\n\n${extractivePaperAnswer(question, pages)}`
    turn.emitter.emit({ turn_index: turn.blocks.open(), type: 'token', text })
    return { text, mode: 'offline', fallbacks: [] }
  }
  const step = await runStep({
    persona: PAPERS_PERSONA,
    tools: [],
    instruction: contextInstruction(question, pages),
  })
  // A failed step has already reported its error packet (the relay answers with it); a
  // provider out of quota also starts the API cooldown, as the seed's quota manager does.
  if (step.error?.code === 'quota_exhausted') {
    markApiExhausted(turn.store.sql, turn.deps.config.papers, turn.deps.now())
  }
  return {
    text: step.text,
    mode: 'online',
    fallbacks: [],
    ...(step.error ? { error: step.error } : {}),
  }
}

async function orchestratePaperChat(turn: PreparedTurn, runStep: StepRunner): Promise<RunOutcome> {
  const papers = listPapers(turn.store.sql).filter((p) => p.status === 'loaded')
  const question = turn.input.message
  const evidence = await gatherEvidence(turn.deps, turn.sessionId, question, papers, turn.signal)
  const mode0: Mode = turn.model ? 'online' : 'offline'
  if (evidence.abstain !== undefined || papers.length === 0) {
    const reason = papers.length === 0 ? 'no paper is loaded in this session' : evidence.abstain
    const answer = abstentionAnswer(reason ?? 'the loaded papers do not address it')
    turn.emitter.emit({ turn_index: turn.blocks.open(), type: 'token', text: answer })
    const saved = turn.store.appendMessage({
      role: 'assistant',
      content: answer,
      data: { kind: 'papers_answer', abstained: true, citations: [], mode: mode0 },
    })
    return {
      answer,
      citations: [],
      sources: [],
      abstained: true,
      mode: mode0,
      task: evidence.task,
      message_id: saved.id,
    }
  }
  const pdfUrls = new Map(papers.map((p) => [p.id, p.pdf_url]))
  const sources = sourcesOf(evidence.pages, pdfUrls)
  turn.emitter.emit({ turn_index: turn.blocks.open(), type: 'sources', sources })
  const produced = await answerFrom(turn, runStep, evidence.pages)
  const checked = checkPageCitations(produced.text, evidence.pages)
  const saved = turn.store.appendMessage({
    role: 'assistant',
    content: checked.text,
    data: {
      kind: 'papers_answer',
      abstained: false,
      citations: checked.citations,
      mode: produced.mode,
      run_id: turn.runId,
    },
  })
  return {
    answer: checked.text,
    citations: checked.citations,
    sources,
    abstained: false,
    mode: produced.mode,
    fallbacks: [...evidence.fallbacks, ...produced.fallbacks],
    task: evidence.task,
    citation_check: { corrected: checked.corrected, removed: checked.removed },
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
