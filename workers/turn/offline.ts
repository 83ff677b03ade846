// A turn without a model (offline mode): small talk gets a short reply; otherwise the message
// (rewritten into a standalone query when it is a follow-up) goes to search_corpus, and the
// answer quotes cited findings, or says the knowledge base does not cover the question.
import type { ChatMessageSimple } from '../context'
import {
  carriedTopicOf,
  createTermStatisticsSource,
  documentsAbstention,
  isSmallTalk,
  judgeRelevance,
  leansOnNothingFound,
  pointsToNothingSaid,
  rewriteFollowUp,
  rewriteWords,
  smallTalkReply,
  subjectChangeNote,
  subjectLeftTo,
  type ConversationTurn,
} from '../grounding'
import type { ToolCall } from '../llm'
import { sessionNamespace } from '../namespaces'
import { EXTRACTIVE_NOTE, extractiveAnswer, modelFailedNote, OFFLINE_NOTE } from './offline-answer'
import type { PreparedTurn } from './process'
import { runToolCalls } from './tool-calls'
import { searchCorpusTool } from './tools/search-corpus'

function emitAnswer(turn: PreparedTurn, text: string): void {
  const block = turn.blocks.open()
  const send = (checked: ReturnType<PreparedTurn['citations']['write']>) => {
    if (checked.text) {
      turn.emitter.emit({ turn_index: block, type: 'token', text: checked.text })
      turn.state.appendText(checked.text)
    }
    for (const source of checked.sources) {
      turn.emitter.emit({ turn_index: block, type: 'citation', number: source.number, source })
      turn.state.addCitation(source)
    }
  }
  // Line by line, so clients render offline answers the way they render streamed ones.
  for (const line of text.split(/(?<=\n)/)) send(turn.citations.write(line))
  send(turn.citations.end())
}

/** The conversation so far as the rewriter reads it; offline notes are not content. */
function conversation(history: ChatMessageSimple[]): ConversationTurn[] {
  return history.flatMap((m): ConversationTurn[] =>
    m.kind === 'user' || m.kind === 'assistant'
      ? [{ role: m.kind, content: m.content.replace(EXTRACTIVE_NOTE, '') }]
      : [],
  )
}

/**
 * `modelFailure`: why the configured model failed this turn, when the turn answers without it
 * (labelled degraded, not offline).
 */
export async function runOfflineTurn(turn: PreparedTurn, modelFailure?: string): Promise<void> {
  const label = modelFailure === undefined ? OFFLINE_NOTE : modelFailedNote(modelFailure)
  const message = turn.input.message
  turn.state.beginCycle()
  if (isSmallTalk(message)) {
    emitAnswer(turn, smallTalkReply(message))
    return
  }
  const turns = conversation(turn.history)
  // The library search_corpus reads, and the session's own project files judged beside it.
  const namespaces = [
    ...turn.deps.config.knowledge.askNamespaces,
    sessionNamespace('project', turn.sessionId),
  ]
  const statsOf = createTermStatisticsSource(turn.deps.db, namespaces)
  const stats = await statsOf(rewriteWords(message, turns), turn.signal)
  if (leansOnNothingFound(message, turns, { stats })) {
    emitAnswer(turn, `${label}\n\n${documentsAbstention({ noSubject: true })}`)
    return
  }
  // A first message naming nothing but what it points back to ("Were the results
  // significant?"), with no file of the session's it could mean: word statistics would answer
  // it from any paper using its words.
  const files =
    (turn.project?.length ?? 0) + (turn.user.kind === 'user' ? turn.user.files.length : 0)
  if (!turns.some((t) => t.role === 'user') && files === 0 && pointsToNothingSaid(message)) {
    emitAnswer(turn, `${label}\n\n${documentsAbstention({ unsaidSubject: true })}`)
    return
  }
  const query = rewriteFollowUp(message, turns, { stats })
  const found = await searchAndJudge(turn, query, statsOf)
  // A follow-up that turned to a subject none of the topic's passages mention is searched
  // for it alone, and the answer says so (as /api/ask does).
  const turnedTo = carriedTopicOf(query)
  const subject = turnedTo && (await subjectLeftTo(query, found.passages, found.termStats))
  const { relevant, termStats, searched } =
    turnedTo && subject
      ? { ...(await searchAndJudge(turn, turnedTo.asked, statsOf, true)), searched: turnedTo.asked }
      : { ...found, searched: query }
  const note = subject && relevant.length > 0 ? `${subjectChangeNote(subject)}\n\n` : ''
  const answer = extractiveAnswer(searched, relevant, 4, termStats)
  turn.state.beginCycle()
  emitAnswer(turn, `${label}\n\n${answer ? `${note}${answer}` : documentsAbstention()}`)
}

/**
 * search_corpus for the query, then the library's results, the project's and the attached
 * files judged together: the documents that address it, and the passages judged.
 */
async function searchAndJudge(
  turn: PreparedTurn,
  query: string,
  statsOf: ReturnType<typeof createTermStatisticsSource>,
  again = false,
) {
  const call: ToolCall = {
    id: `offline_${turn.runId}${again ? '_alone' : ''}`,
    name: searchCorpusTool.spec.name,
    arguments: JSON.stringify({ query: query.slice(0, 500) }),
  }
  const context = {
    deps: turn.deps,
    sessionId: turn.sessionId,
    signal: turn.signal,
    numbering: turn.numbering,
    // No model reads this turn, even when one is configured (it failed): none is asked.
    withoutModel: true,
  }
  const env = {
    tools: [searchCorpusTool],
    context,
    emitter: turn.emitter,
    blocks: turn.blocks,
    state: turn.state,
  }
  const [outcome] = await runToolCalls([call], env)
  const userFiles = turn.user.kind === 'user' ? turn.user.files : []
  const documents = [...(turn.project ?? []), ...userFiles, ...(outcome?.output?.documents ?? [])]
  // Project and attached files are judged like search results: only those on the question.
  const termStats = await statsOf(query, turn.signal)
  const passages = documents.map((d) => ({ title: d.title, text: d.contents }))
  const judgement = judgeRelevance(query, passages, termStats)
  const relevant = judgement.abstain ? [] : judgement.relevant.flatMap((i) => documents[i] ?? [])
  return {
    relevant,
    termStats,
    passages: relevant.map((d) => ({ title: d.title, text: d.contents })),
  }
}
