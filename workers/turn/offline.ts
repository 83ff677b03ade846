// A turn without a model (offline mode): run search_corpus on the user's message, then answer
// with cited passages, streamed through the same packets and saved the same way.
import type { ToolCall } from '../llm'
import { extractiveAnswer, OFFLINE_NOTE } from './offline-answer'
import type { PreparedTurn } from './process'
import { runToolCalls } from './tool-calls'
import { searchCorpusTool } from './tools/search-corpus'

const NOTHING_FOUND = 'The knowledge base has nothing that answers this question.'

function emitAnswer(turn: PreparedTurn, text: string): void {
  const block = turn.blocks.open()
  // Line by line, so clients render offline answers the way they render streamed ones.
  for (const line of text.split(/(?<=\n)/)) {
    turn.emitter.emit({ turn_index: block, type: 'token', text: line })
    turn.state.appendText(line)
    for (const source of turn.citations.feed(line)) {
      turn.emitter.emit({ turn_index: block, type: 'citation', number: source.number, source })
      turn.state.addCitation(source)
    }
  }
}

export async function runOfflineTurn(turn: PreparedTurn): Promise<void> {
  const call: ToolCall = {
    id: `offline_${turn.runId}`,
    name: searchCorpusTool.spec.name,
    arguments: JSON.stringify({ query: turn.input.message.slice(0, 500) }),
  }
  turn.state.beginCycle()
  const context = {
    deps: turn.deps,
    sessionId: turn.sessionId,
    signal: turn.signal,
    numbering: turn.numbering,
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
  const answer = extractiveAnswer(turn.input.message, documents)
  turn.state.beginCycle()
  emitAnswer(turn, `${OFFLINE_NOTE}\n\n${answer || NOTHING_FOUND}`)
}
