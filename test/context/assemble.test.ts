import { describe, expect, it } from 'vitest'
import {
  assembleContext,
  assistantMessage,
  documentsMessage,
  inputTokens,
  TOOL_RESULT_DROPPED,
  toolMessage,
  userMessage,
  type ContextDocument,
  type ContextParts,
} from '../../workers/context'
import type { ModelMessage } from '../../workers/llm'

const call = { id: 'c1', name: 'search_corpus', arguments: '{"query":"q"}' }
const file: ContextDocument = { document: 2, title: 'notes.md', contents: 'file text' }
const projectDoc: ContextDocument = { document: 1, title: 'plan.md', contents: 'project text' }

function parts(overrides: Partial<ContextParts> = {}): ContextParts {
  return {
    system: 'S',
    customAgent: null,
    project: null,
    history: [],
    turn: [userMessage('U1')],
    reminder: null,
    budget: 100_000,
    ...overrides,
  }
}

/** A compact label per message, e.g. 'user:U1', for order assertions. */
function labels(messages: ModelMessage[]): string[] {
  return messages.map((m) => {
    if (m.role === 'assistant' && m.toolCalls) return `tc:${m.toolCalls.map((c) => c.id).join(',')}`
    if (m.role === 'tool') return `tr:${m.content === TOOL_RESULT_DROPPED ? 'dropped' : m.content}`
    return `${m.role}:${m.content.startsWith('Documents') ? 'docs' : m.content}`
  })
}

describe('context assembly', () => {
  it('puts the custom agent, then the project, then files, then the user message', () => {
    const input = assembleContext(
      parts({ customAgent: 'CA', project: [projectDoc], turn: [userMessage('U1', [file])] }),
    )
    expect(labels(input)).toEqual(['system:S', 'user:CA', 'user:docs', 'user:docs', 'user:U1'])
    expect(input[2]?.content).toBe(documentsMessage([projectDoc]))
    expect(input[3]?.content).toBe(documentsMessage([file]))
  })

  it('keeps earlier turns above the custom agent so it moves with the latest message', () => {
    const history = [userMessage('U1', [file]), assistantMessage('A1')]
    const input = assembleContext(parts({ history, customAgent: 'CA', turn: [userMessage('U2')] }))
    expect(labels(input)).toEqual([
      'system:S',
      'user:docs',
      'user:U1',
      'assistant:A1',
      'user:CA',
      'user:U2',
    ])
  })

  it('keeps tool calls of earlier turns and the current results, with the reminder last', () => {
    const history = [
      userMessage('U1'),
      assistantMessage('', [call]),
      toolMessage(call, TOOL_RESULT_DROPPED),
      assistantMessage('A1'),
    ]
    const call2 = { ...call, id: 'c2' }
    const turn = [userMessage('U2'), assistantMessage('', [call2]), toolMessage(call2, 'R-JSON')]
    const input = assembleContext(parts({ history, turn, reminder: 'R' }))
    expect(labels(input)).toEqual([
      'system:S',
      'user:U1',
      'tc:c1',
      'tr:dropped',
      'assistant:A1',
      'user:U2',
      'tc:c2',
      'tr:R-JSON',
      'user:R',
    ])
  })

  it('drops whole earlier turns, oldest first, when the budget is short', () => {
    const history = [
      userMessage('old '.repeat(400)),
      assistantMessage('A1'),
      userMessage('U2'),
      assistantMessage('A2'),
    ]
    const full = assembleContext(parts({ history, turn: [userMessage('U3')] }))
    const budget = inputTokens(full) - 10
    const input = assembleContext(parts({ history, turn: [userMessage('U3')], budget }))
    expect(labels(input)).toEqual(['system:S', 'user:U2', 'assistant:A2', 'user:U3'])
  })

  it('never drops the system prompt or the current turn, even over budget', () => {
    const input = assembleContext(parts({ history: [userMessage('U1')], budget: 1 }))
    expect(labels(input)).toEqual(['system:S', 'user:U1'])
  })
})
