// The seed's notation for golden model inputs (S system, U user, A assistant, TC tool call,
// TR tool result, DOCS a documents message), shared by the in-process and HTTP golden tests.
import { buildSystemPrompt, documentsMessage, type ContextDocument } from '../../workers/context'
import type { ModelMessage } from '../../workers/llm'
import { BUILTIN_TOOLS } from '../../workers/turn'

const TOOLS = BUILTIN_TOOLS.map((t) => ({ name: t.spec.name, guidance: t.guidance }))

/** The default system prompt a turn sends at `now`, with every built-in tool. */
export const systemPrompt = (citations: boolean, now: Date): string =>
  buildSystemPrompt({ base: null, now, tools: TOOLS, citations })

export const U = (content: string): ModelMessage => ({ role: 'user', content })
export const A = (content: string): ModelMessage => ({ role: 'assistant', content })
export const TC = (id: string, query: string): ModelMessage => ({
  role: 'assistant',
  content: '',
  toolCalls: [{ id, name: 'search_corpus', arguments: JSON.stringify({ query }) }],
})
export const TR = (id: string, content: string): ModelMessage => ({
  role: 'tool',
  toolCallId: id,
  content,
})
export const DOCS = (docs: ContextDocument[]): ModelMessage => U(documentsMessage(docs))
