import { describe, expect, it } from 'vitest'
import { TOOL_RESULT_DROPPED, type ContextFile } from '../../workers/context'
import type { StoredMessage } from '../../workers/session'
import type { AnswerData } from '../../workers/turn'
import { buildHistory } from '../../workers/turn/history'

let index = 0
function aRow(
  role: StoredMessage['role'],
  content: string,
  data: Record<string, unknown> = {},
): StoredMessage {
  return { id: `m${index}`, index: index++, role, content, data, createdAt: 1 }
}

function answerData(overrides: Partial<AnswerData> = {}): AnswerData {
  return {
    kind: 'turn_answer',
    run_id: 'r',
    mode: 'online',
    stopped: false,
    cycles: [],
    citations: [],
    documents: [],
    project: 'none',
    ...overrides,
  }
}

const noFiles = () => []

describe('history from stored rows', () => {
  it('expands a saved answer into its tool calls, dropped results and the answer', () => {
    const data = answerData({
      cycles: [
        {
          text: '',
          reasoning: 'hmm',
          tool_calls: [
            { id: 'a', name: 'search_corpus', arguments: '{"query":"x"}', summary: '2 passages' },
          ],
        },
        { text: 'Answer [1].', reasoning: '', tool_calls: [] },
      ],
    })
    const history = buildHistory(
      [aRow('user', 'Q'), aRow('assistant', 'Answer [1].', data)],
      noFiles,
    )
    expect(history).toEqual([
      { kind: 'user', content: 'Q', files: [] },
      {
        kind: 'assistant',
        content: '',
        toolCalls: [{ id: 'a', name: 'search_corpus', arguments: '{"query":"x"}' }],
      },
      { kind: 'tool', toolCallId: 'a', toolName: 'search_corpus', content: TOOL_RESULT_DROPPED },
      { kind: 'assistant', content: 'Answer [1].', toolCalls: [] },
    ])
  })

  it('answers every call of a turn stopped during its tools, so the history stays well formed', () => {
    const data = answerData({
      stopped: true,
      cycles: [
        { text: '', reasoning: '', tool_calls: [{ id: 'a', name: 'open_url', arguments: '{}' }] },
      ],
    })
    const history = buildHistory([aRow('user', 'Q'), aRow('assistant', '', data)], noFiles)
    expect(history.map((m) => m.kind)).toEqual(['user', 'assistant', 'tool'])
  })

  it('renders attached files with the document numbers they had in their turn', () => {
    const file: ContextFile = {
      id: 'f1',
      scope: 'message',
      name: 'n.md',
      contentType: 'text/markdown',
      kind: 'text',
      text: 'Body',
      tokens: 1,
      bytes: 4,
      indexed: false,
      createdAt: 1,
    }
    const user = aRow('user', 'Q', {
      kind: 'turn_user',
      run_id: 'r',
      files: [{ id: 'f1', name: 'n.md', kind: 'text', tokens: 1, document: 3 }],
    })
    const [message] = buildHistory([user], (ids) => (ids.includes('f1') ? [file] : []))
    expect(message).toMatchObject({
      kind: 'user',
      files: [{ document: 3, title: 'n.md', contents: 'Body' }],
    })
  })

  it('keeps rows other capabilities wrote by role and skips system and tool rows', () => {
    const history = buildHistory(
      [
        aRow('system', 'x'),
        aRow('user', 'Q', { other: true }),
        aRow('assistant', 'A', { kind: 'ask' }),
        aRow('tool', 't'),
      ],
      noFiles,
    )
    expect(history).toEqual([
      { kind: 'user', content: 'Q', files: [] },
      { kind: 'assistant', content: 'A', toolCalls: [] },
    ])
  })
})
