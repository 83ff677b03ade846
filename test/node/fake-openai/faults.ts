// Provider faults for the scripted fake (a step's `fault`): the connection reset before or
// mid-stream, headers sent and then silence, or an in-stream error event (how OpenAI-compatible
// servers report a 5xx/429 once the 200 is out). The schema is shared with workerd (no Node
// imports); applyFault runs in the Node server before each stream chunk.
import { z } from 'zod'

export const faultSchema = z
  .object({
    /**
     * reset: destroy the socket. headers-then-hang: 200 + SSE headers, then nothing.
     * error-event: an SSE `{"error": ...}` event carrying `status`, then the stream ends.
     */
    kind: z.enum(['reset', 'headers-then-hang', 'error-event']),
    /** Stream chunks sent before the fault (0 or absent: before the first byte of the body). */
    afterChunks: z.number().int().nonnegative().max(10_000).optional(),
    /** For error-event: the upstream status it reports (default 500). */
    status: z.number().int().min(400).max(599).optional(),
  })
  .strict()

export type Fault = z.infer<typeof faultSchema>

/** The slice of node:http's ServerResponse a fault touches (typed here: workerd has no node:http). */
export interface FaultableResponse {
  readonly headersSent: boolean
  readonly socket: { destroy(): void } | null
  writeHead(status: number, headers: Record<string, string>): unknown
  flushHeaders(): void
  end(chunk: string): unknown
}

function errorEvent(status: number) {
  const quota = status === 429
  return {
    error: {
      message: quota
        ? 'Rate limit reached (fake, mid-stream)'
        : `Fake upstream failure (${status}, mid-stream)`,
      type: quota ? 'rate_limit_exceeded' : 'server_error',
      code: quota ? 'rate_limit_exceeded' : null,
      param: null,
    },
  }
}

/**
 * Acts on the fault when `sent` chunks are out and it is due; true when the response is then
 * finished (or left hanging) and the caller must write nothing more.
 */
export function applyFault(
  res: FaultableResponse,
  fault: Fault | undefined,
  sent: number,
): boolean {
  if (!fault || sent !== (fault.afterChunks ?? 0)) return false
  if (fault.kind === 'reset') {
    res.socket?.destroy()
    return true
  }
  if (!res.headersSent) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    res.flushHeaders()
  }
  if (fault.kind === 'headers-then-hang') return true
  res.end(`data: ${JSON.stringify(errorEvent(fault.status ?? 500))}\n\n`)
  return true
}
