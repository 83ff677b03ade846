// An in-process ChatModel that plays the scripted scientists: it reads the numbered documents
// of the turn from the request (the documents message just before the turn's instruction),
// writes the reply with scientist-script.ts and streams it in uneven pieces (so markers
// split across deltas, as they do from real providers). It records what each turn was given
// and what it wrote: the eval grades the shown text against this record, not the code's own.
import { DOCUMENTS_PREFIX } from '../../workers/context'
import type { ChatModel, ModelDelta, ModelMessage, ModelRequest } from '../../workers/llm'
import { scriptReply, seededRandom, type GivenDocument, type Random } from './scientist-script'

export interface ScriptedTurn {
  speaker: 1 | 2
  round: number
  /** Numbers given with this turn's documents. */
  given: number[]
  /** Numbers given to earlier turns of the run and not again with this one. */
  earlier: number[]
  /** The reply exactly as the model wrote it. */
  written: string
}

export interface ScriptedScientists extends ChatModel {
  turns: ScriptedTurn[]
}

function documentsOf(message: ModelMessage | undefined): GivenDocument[] {
  if (message?.role !== 'user' || !message.content.startsWith(DOCUMENTS_PREFIX)) return []
  const docs: GivenDocument[] = []
  for (const line of message.content.split('\n')) {
    const json = line.trim().replace(/,$/, '')
    if (!json.startsWith('{"document"')) continue
    const doc = JSON.parse(json) as { document: number; title?: string; contents?: string }
    docs.push({ number: doc.document, title: doc.title ?? '', contents: doc.contents ?? '' })
  }
  return docs
}

/** This turn's documents, the earlier turns' numbers, and who speaks in which round. */
function readTurn(request: ModelRequest) {
  const messages = request.messages
  const at = messages.findLastIndex((m) => m.role === 'user')
  const instruction = messages[at]?.content ?? ''
  const documents = documentsOf(messages[at - 1])
  const earlier = new Set<number>()
  for (const message of messages.slice(0, Math.max(0, at - 1)))
    for (const doc of documentsOf(message)) earlier.add(doc.number)
  const system = messages.find((m) => m.role === 'system')?.content ?? ''
  const speaker: 1 | 2 = /Research Scientist 2\b/.test(system) ? 2 : 1
  const round = Number(/Round (\d+)/.exec(instruction)?.[1] ?? 1)
  // A number given again with this turn is this turn's own, not an earlier turn's.
  for (const doc of documents) earlier.delete(doc.number)
  return { documents, earlier: [...earlier], speaker, round }
}

async function* play(
  text: string,
  random: Random,
  signal?: AbortSignal,
): AsyncGenerator<ModelDelta> {
  for (let at = 0; at < text.length && !signal?.aborted;) {
    const size = 1 + Math.floor(random() * 12)
    yield { type: 'text', text: text.slice(at, at + size) }
    at += size
  }
  yield { type: 'finish', reason: 'stop' }
}

export function scriptedScientists(seed: number): ScriptedScientists {
  const random = seededRandom(seed)
  const turns: ScriptedTurn[] = []
  return {
    model: 'scripted-scientists',
    contextTokens: 128_000,
    turns,
    stream(request, signal) {
      const turn = readTurn(request)
      const given = turn.documents.map((d) => d.number)
      const highest = Math.max(0, ...given, ...turn.earlier)
      const written = scriptReply({ ...turn, highest }, random)
      turns.push({
        speaker: turn.speaker,
        round: turn.round,
        given,
        earlier: turn.earlier,
        written,
      })
      return play(written, random, signal)
    },
    async complete() {
      throw new Error('the debate streams every turn; complete() is not scripted')
    },
  }
}
