// How fast an abort ends a model stream: the OpenAI-compatible adapter (the one every online
// capability streams through) against the scripted fake in Node, aborted after its first text
// while the stream stalls (no next chunk ever comes). The tests only bound this loosely (a
// stop that never ends fails them); the precise figure lives here.
import { OpenAiCompatibleChatModel } from '../workers/llm'
import { startFakeOpenAi } from '../test/node/fake-openai-server'
import { markerFor } from '../test/node/fake-openai/steps'
import { addScript } from './answer-latency'

async function oneAbort(model: OpenAiCompatibleChatModel, url: string): Promise<number> {
  const key = await addScript(url, [{ reply: 'one two', chunks: 2, hang: true }])
  const controller = new AbortController()
  let abortedAt = 0
  const messages = [{ role: 'user' as const, content: `${markerFor(key)} go` }]
  for await (const delta of model.stream({ messages }, controller.signal)) {
    if (delta.type === 'text' && !abortedAt) {
      abortedAt = performance.now()
      controller.abort()
    }
  }
  return performance.now() - abortedAt
}

/** Abort-to-end times (ms) of `runs` streams, after one warm-up. */
export async function stopLatency(runs: number): Promise<number[]> {
  const fake = await startFakeOpenAi()
  const model = new OpenAiCompatibleChatModel({
    baseUrl: `${fake.url}/v1`,
    apiKey: 'bench-key',
    model: 'fake-main',
    contextTokens: 128_000,
    timeoutMs: 30_000,
  })
  try {
    await oneAbort(model, fake.url)
    const times: number[] = []
    for (let i = 0; i < runs; i++) times.push(await oneAbort(model, fake.url))
    return times
  } finally {
    await fake.close()
  }
}
