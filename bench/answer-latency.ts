// Time to first answer token of the keyed answer engine against the scripted OpenAI-compatible
// fake with a fixed time to first token per model call, and Quire's own overhead on that path
// (wall time minus the model's waits). Search is an in-memory provider over SciFact abstracts,
// so retrieval latency (measured by the retrieval bench) is not counted here.
import { answerQuestion } from '../workers/answer/answer'
import type { AnswerDeps } from '../workers/answer/types'
import { parseConfig } from '../workers/config'
import {
  createChatModels,
  type AiRunner,
  type ChatModel,
  type ChatModels,
  type ModelDelta,
} from '../workers/llm'
import type { CorpusRow } from '../workers/retrieval'
import type { WebSearchProvider, WebSearchResult } from '../workers/sources'
import type { PacketBody } from '../workers/stream'
import { startFakeOpenAi } from '../test/node/fake-openai-server'
import { markerFor } from '../test/node/fake-openai/steps'

export interface AnswerLatency {
  firstTokenMs: number
  runs: number
  /** Model calls that precede the first answer token. */
  callsBefore: number
  sources: number[]
  firstToken: number[]
  /** First token minus the scripted waits (callsBefore x firstTokenMs): includes HTTP + SDK. */
  overhead: number[]
  /** First token minus the time spent awaiting the model adapter: Quire's own code. */
  ownCode: number[]
}

/** Counts the time spent awaiting a model (its HTTP round trips and SDK parsing included). */
function timed(model: ChatModel, clock: { waiting: number }): ChatModel {
  async function* stream(...args: Parameters<ChatModel['stream']>): AsyncIterable<ModelDelta> {
    let since = performance.now()
    for await (const delta of model.stream(...args)) {
      clock.waiting += performance.now() - since
      yield delta
      since = performance.now()
    }
  }
  return {
    model: model.model,
    contextTokens: model.contextTokens,
    complete: async (...args) => {
      const since = performance.now()
      try {
        return await model.complete(...args)
      } finally {
        clock.waiting += performance.now() - since
      }
    },
    stream,
  }
}

const toResult = (row: CorpusRow, i: number): WebSearchResult => ({
  title: row.title,
  url: `https://doi.org/10.0000/scifact.${i}`,
  domain: 'doi.org',
  snippet: row.text.slice(0, 600),
})

function fixedSearch(results: WebSearchResult[]): WebSearchProvider {
  return { name: 'bench', search: async () => results }
}

export async function addScript(url: string, steps: unknown[]): Promise<string> {
  const res = await fetch(`${url}/__scripts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ steps }),
  })
  return ((await res.json()) as { key: string }).key
}

function answerDeps(
  url: string,
  results: WebSearchResult[],
  emit: AnswerDeps['emit'],
  clock: { waiting: number },
) {
  const config = parseConfig({
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: `${url}/v1`,
    LLM_API_KEY: 'bench',
    LLM_MODEL: 'fake-main',
    LLM_MODEL_FAST: 'fake-fast',
  })
  const search = fixedSearch(results)
  const models = createChatModels(config, null as unknown as AiRunner) as ChatModels
  const deps: AnswerDeps = {
    mode: 'online',
    models: { main: timed(models.main, clock), fast: timed(models.fast, clock) },
    webSearch: search,
    corpusSearch: search,
    academicSearch: search,
    safeFetch: async () => {
      throw new Error('the bench fetches no pages')
    },
    now: () => Date.now(),
    emit,
  }
  return deps
}

/** One question: scripted plan, a streamed answer citing [1][2], related questions. */
async function oneRun(url: string, rows: CorpusRow[], i: number, firstTokenMs: number) {
  const row = rows[i % rows.length] as CorpusRow
  const results = rows.slice(i % rows.length, (i % rows.length) + 6).map(toResult)
  const key = await addScript(url, [
    { json: { query: row.title, task: 'qa', variations: [] } },
    { reply: `${row.text.slice(0, 300)} [1]. More detail follows here [2].`, chunks: 20 },
    { json: { questions: ['What else?'] } },
  ])
  const times: { sources?: number; token?: number; waited?: number } = {}
  const clock = { waiting: 0 }
  let started = 0
  const emit = (packet: PacketBody) => {
    const at = performance.now() - started
    if (packet.type === 'sources' && times.sources === undefined) times.sources = at
    if (packet.type === 'token' && times.token === undefined) {
      times.token = at
      times.waited = clock.waiting
    }
  }
  const deps = answerDeps(url, results, emit, clock)
  const request = {
    sessionId: `bench-${i}`,
    query: `${row.title} ${markerFor(key)}`,
    options: {},
    history: [],
    instructions: 'bench', // keeps the answer out of the cache path (there is no D1 here)
  }
  started = performance.now()
  const payload = await answerQuestion(
    request,
    deps,
    {} as D1Database,
    new AbortController().signal,
  )
  if (payload.mode !== 'online') throw new Error(`bench answer was ${payload.mode}`)
  const token = times.token ?? NaN
  return {
    sources: times.sources ?? NaN,
    token,
    overhead: token - 2 * firstTokenMs,
    ownCode: token - (times.waited ?? NaN),
  }
}

export async function answerLatency(
  rows: CorpusRow[],
  options: { firstTokenMs: number; runs: number },
): Promise<AnswerLatency> {
  const fake = await startFakeOpenAi({ firstTokenMs: options.firstTokenMs })
  const out: AnswerLatency = {
    firstTokenMs: options.firstTokenMs,
    runs: options.runs,
    callsBefore: 2,
    sources: [],
    firstToken: [],
    overhead: [],
    ownCode: [],
  }
  try {
    await oneRun(fake.url, rows, 0, options.firstTokenMs) // warm-up: module and socket set-up
    for (let i = 1; i <= options.runs; i++) {
      const run = await oneRun(fake.url, rows, i, options.firstTokenMs)
      out.sources.push(run.sources)
      out.firstToken.push(run.token)
      out.overhead.push(run.overhead)
      out.ownCode.push(run.ownCode)
    }
  } finally {
    await fake.close()
  }
  return out
}
