// The seed's three example sequences, as the exact LanguageModelInput the engine hands the model.
import { describe, expect, it } from 'vitest'
import {
  CITATION_REMINDER,
  documentsJson,
  saveContextFile,
  TOOL_RESULT_DROPPED,
  updateTurnSettings,
  type ContextFile,
} from '../../workers/context'
import type { Deps } from '../../workers/deps'
import type { ModelMessage } from '../../workers/llm'
import type { SessionStore } from '../../workers/session'
import { runTurn } from '../../workers/turn'
import { A, DOCS, systemPrompt, TC, TR, U } from './golden-messages'
import { aChunk, aRun, fakeRetriever, memoryStore, testDeps, withSql } from './helpers'
import { scriptedModel, type ScriptedStep } from './scripted-model'

const NOW = new Date('2025-03-04T05:06:07Z')

const S = (citations: boolean): ModelMessage => ({
  role: 'system',
  content: systemPrompt(citations, NOW),
})

const chunk = aChunk()
/** search_corpus's result for `chunk` when it is the turn's document `n`. */
const found = (n: number) =>
  documentsJson([
    {
      document: n,
      title: chunk.title,
      url: chunk.url ?? undefined,
      metadata: 'A. Author; 2020',
      contents: chunk.content,
    },
  ])

const search = (id: string, query: string): ScriptedStep => ({
  toolCalls: [{ id, name: 'search_corpus', arguments: { query } }],
})

async function turn(store: SessionStore, deps: Deps, message: string, fileIds: string[] = []) {
  await runTurn(aRun(store, deps, { message, file_ids: fileIds }).context)
}

function aFile(overrides: Partial<ContextFile>): ContextFile {
  return {
    id: 'f',
    scope: 'message',
    name: 'notes.md',
    contentType: 'text/markdown',
    kind: 'text',
    text: 'File text.',
    tokens: 3,
    bytes: 10,
    indexed: false,
    createdAt: 1,
    ...overrides,
  }
}

describe('golden context sequences (seed 003 examples)', () => {
  it('moves the custom agent above the latest user message across turns', async () => {
    await withSql(async (sql) => {
      const model = scriptedModel([
        search('t1', 'vitamin D bone'),
        { text: ['A1'] },
        { text: ['A2'] },
        search('t3', 'vitamin D bone density'),
        { text: ['A3'] },
      ])
      const deps = testDeps({
        models: { main: model, fast: model },
        retriever: fakeRetriever(async () => [chunk]),
      })
      const store = memoryStore(sql)
      await turn(store, deps, 'U1')
      updateTurnSettings(sql, { customAgentPrompt: 'CA' })
      await turn(store, deps, 'U2')
      await turn(store, deps, 'U3')
      const inputs = model.requests.map((r) => r.messages)
      // S, U1, TC, TR, A1, CA, U2, A2
      expect(inputs[2]).toEqual([
        S(false),
        U('U1'),
        TC('t1', 'vitamin D bone'),
        TR('t1', TOOL_RESULT_DROPPED),
        A('A1'),
        U('CA'),
        U('U2'),
      ])
      // -> S, U1, TC, TR, A1, U2, A2, CA, U3, TC, TR, R, A3
      expect(inputs[3]).toEqual([
        S(false),
        U('U1'),
        TC('t1', 'vitamin D bone'),
        TR('t1', TOOL_RESULT_DROPPED),
        A('A1'),
        U('U2'),
        A('A2'),
        U('CA'),
        U('U3'),
      ])
      expect(inputs[4]).toEqual([
        S(true),
        U('U1'),
        TC('t1', 'vitamin D bone'),
        TR('t1', TOOL_RESULT_DROPPED),
        A('A1'),
        U('U2'),
        A('A2'),
        U('CA'),
        U('U3'),
        TC('t3', 'vitamin D bone density'),
        TR('t3', found(1)),
        U(CITATION_REMINDER),
      ])
    })
  })

  it('keeps a file above its own message while the project and custom agent move', async () => {
    await withSql(async (sql) => {
      const model = scriptedModel([{ text: ['A1'] }, { text: ['A2'] }])
      const deps = testDeps({ models: { main: model, fast: model } })
      const store = memoryStore(sql)
      updateTurnSettings(sql, { customAgentPrompt: 'CA' })
      const project = aFile({ id: 'p', scope: 'project', name: 'plan.md', text: 'Project text.' })
      saveContextFile(sql, project)
      saveContextFile(sql, aFile({ id: 'f' }))
      await turn(store, deps, 'U1', ['f'])
      await turn(store, deps, 'U2')
      const P = DOCS([
        {
          document: 1,
          title: 'plan.md',
          metadata: 'text file, 3 tokens',
          contents: 'Project text.',
        },
      ])
      const F = DOCS([
        { document: 2, title: 'notes.md', metadata: 'text file, 3 tokens', contents: 'File text.' },
      ])
      const [first, second] = model.requests.map((r) => r.messages)
      // S, CA, P, F, U1, A1
      expect(first).toEqual([S(true), U('CA'), P, F, U('U1')])
      // -> S, F, U1, A1, CA, P, U2, A2
      expect(second).toEqual([S(true), F, U('U1'), A('A1'), U('CA'), P, U('U2')])
    })
  })

  it('keeps the merged reminder last as the agent calls another tool in the same turn', async () => {
    await withSql(async (sql) => {
      const model = scriptedModel([
        search('a', 'vitamin D'),
        search('b', 'bone density'),
        { text: ['A1 [1]'] },
      ])
      const deps = testDeps({
        models: { main: model, fast: model },
        retriever: fakeRetriever(async () => [chunk]),
      })
      updateTurnSettings(sql, { reminders: ['Answer in one paragraph.'] })
      await turn(memoryStore(sql), deps, 'U1')
      const R = U(`${CITATION_REMINDER}\nAnswer in one paragraph.`)
      const inputs = model.requests.map((r) => r.messages)
      expect(inputs[0]).toEqual([S(false), U('U1'), U('Answer in one paragraph.')])
      // S, U1, TC, TR, R
      expect(inputs[1]).toEqual([S(true), U('U1'), TC('a', 'vitamin D'), TR('a', found(1)), R])
      // -> S, U1, TC, TR, TC, TR, R, A1 (the same passage keeps its number)
      expect(inputs[2]).toEqual([
        S(true),
        U('U1'),
        TC('a', 'vitamin D'),
        TR('a', found(1)),
        TC('b', 'bone density'),
        TR('b', found(1)),
        R,
      ])
    })
  })
})
