// Test helpers for the Workers AI adapters: SSE bodies like the AI binding streams, and a
// typed spy on env.AI.run (the binding's overloads do not suit vi.spyOn's inference).
import { env } from 'cloudflare:test'
import { vi } from 'vitest'
import type { AiRunner } from '../../workers/llm'

/** An SSE body; with `stall`, it never sends [DONE] nor closes. */
export function sseBody(
  events: unknown[],
  options: { stall?: boolean } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events)
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`))
      if (options.stall) return
      controller.enqueue(encoder.encode('data: [DONE]\n\n'))
      controller.close()
    },
  })
}

type RunImpl = (
  model: string,
  inputs: Record<string, unknown>,
  options?: { signal?: AbortSignal },
) => Promise<unknown>

/** Spies on env.AI.run with `impl`; returns the binding (as the adapter sees it) and the spy. */
export function spyOnAi(impl: RunImpl) {
  const ai = env.AI as unknown as AiRunner
  const spy = vi.spyOn(ai, 'run').mockImplementation(impl)
  return { ai, spy }
}
