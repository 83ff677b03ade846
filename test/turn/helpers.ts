// Builders for engine tests: a session store over a real Durable Object's SQLite, deps with a
// scripted model and retriever, and a run context that collects packets.
import { env, runInDurableObject } from 'cloudflare:test'
import { makeDeps, type Deps } from '../../workers/deps'
import type { RetrievedChunk, Retriever } from '../../workers/retrieval'
import type { RunContext, SessionStore, StoredMessage } from '../../workers/session'
import type { Packet } from '../../workers/stream'

export function memoryStore(sql: SqlStorage, sessionId = 'session-1'): SessionStore {
  const rows: StoredMessage[] = []
  const checkpoints = new Map<string, unknown>()
  return {
    sessionId,
    sql,
    listMessages: () => rows.map((row) => ({ ...row, data: structuredClone(row.data) })),
    appendMessage(message) {
      const row = {
        id: crypto.randomUUID(),
        index: rows.length,
        createdAt: Date.now(),
        data: {},
        ...message,
      }
      rows.push(row)
      return row
    },
    updateMessage(id, patch) {
      const row = rows.find((r) => r.id === id)
      if (row) Object.assign(row, patch)
    },
    getCheckpoint: <T>(name: string) => checkpoints.get(name) as T | undefined,
    putCheckpoint: (name, value) => void checkpoints.set(name, value),
  }
}

/** Runs `fn` with the SQLite storage of a fresh session object. */
export async function withSql<T>(fn: (sql: SqlStorage) => Promise<T>): Promise<T> {
  const stub = env.SESSION_DO.get(env.SESSION_DO.newUniqueId())
  return runInDurableObject(stub, (_instance, state) => fn(state.storage.sql))
}

export function aChunk(overrides: Partial<RetrievedChunk> = {}): RetrievedChunk {
  return {
    chunkId: 'chunk-1',
    sourceId: 'source-1',
    documentId: 'doc-1',
    paperKey: 'paper-1',
    title: 'Vitamin D and bone health',
    content: 'Vitamin D supplements improve bone density in older adults. The effect is small.',
    page: null,
    score: 1,
    url: 'https://example.org/vitamin-d',
    doi: null,
    authors: ['A. Author'],
    year: 2020,
    kind: 'corpus',
    ...overrides,
  }
}

export interface FakeRetriever extends Retriever {
  queries: string[]
}

export function fakeRetriever(
  answer: (query: string, signal?: AbortSignal) => Promise<RetrievedChunk[]>,
): FakeRetriever {
  const queries: string[] = []
  return {
    queries,
    async retrieve(query, _options, signal) {
      queries.push(query)
      return { task: 'qa', chunks: await answer(query, signal), queries: [query] }
    },
  }
}

export function testDeps(overrides: Partial<Deps> = {}): Deps {
  return { ...makeDeps(env), now: () => Date.parse('2025-03-04T05:06:07Z'), ...overrides }
}

export interface TestRun {
  context: RunContext<unknown>
  packets: Packet[]
  controller: AbortController
}

export function aRun(store: SessionStore, deps: Deps, input: unknown): TestRun {
  const packets: Packet[] = []
  const controller = new AbortController()
  const context: RunContext<unknown> = {
    sessionId: store.sessionId,
    runId: crypto.randomUUID(),
    input,
    deps,
    store,
    signal: controller.signal,
    emit: (packet) => void packets.push(packet),
  }
  return { context, packets, controller }
}
