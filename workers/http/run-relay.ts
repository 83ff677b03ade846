// The HTTP run relay every streaming route uses: a run's NDJSON stream from SessionDO to the
// client as SSE, text/plain, OpenAI chunks, or (default) one JSON body once `done` arrives.
// Start failures become the matching error.
import type { Context } from 'hono'
import {
  AppError,
  NotConfiguredError,
  RunActiveError,
  NotFoundError,
  ValidationError,
} from '../errors'
import {
  buildChatCompletion,
  CONTENT_TYPES,
  encodePacketStream,
  ndjsonToPackets,
  type CompletionMeta,
  type Packet,
  type WireFormat,
} from '../stream'
import type { StartRunResult } from '../session'
import type { AppEnv } from './app-env'
import { appErrorFromCode } from './error-envelope'
import { negotiateFormat, type ResponseFormat } from './negotiate'

export type RunResponseFormat = ResponseFormat | 'openai-stream' | 'openai-json'

export interface RunResponseOptions {
  /** Forces a format; otherwise negotiated from Accept with `fallback` (default JSON). */
  format?: RunResponseFormat
  fallback?: ResponseFormat
  /** Required for the OpenAI formats. */
  completion?: CompletionMeta
  /** Extra fields merged into a JSON result (e.g. a new session's token). */
  extra?: Record<string, unknown>
}

export function startFailure(result: Extract<StartRunResult, { ok: false }>): AppError {
  switch (result.code) {
    case 'run_active':
      return new RunActiveError()
    case 'no_session':
      return new NotFoundError('No such session')
    case 'invalid_input':
      return new ValidationError(result.message)
    case 'unknown_kind':
      return new NotConfiguredError(result.message)
  }
}

function wireFormat(format: RunResponseFormat, options: RunResponseOptions): WireFormat {
  if (format === 'sse') return { kind: 'sse' }
  if (format === 'text') return { kind: 'text' }
  if (!options.completion) throw new TypeError('OpenAI formats need options.completion')
  return { kind: 'openai', meta: options.completion }
}

/** c.body keeps headers a route set before relaying (session id, token, auth mode). */
function streamResponse(
  c: Context<AppEnv>,
  packets: ReadableStream<Packet>,
  wire: WireFormat,
): Response {
  return c.body(packets.pipeThrough(encodePacketStream(wire)), 200, {
    'Content-Type': CONTENT_TYPES[wire.kind],
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  })
}

/** Reads to the end (the DO closes right after `done`): breaking off early would cancel the
 * RPC stream mid-pipe. The first error packet wins over the done that follows it. */
async function collectUntilDone(packets: ReadableStream<Packet>): Promise<Packet[]> {
  const seen: Packet[] = []
  let failure: AppError | undefined
  for await (const packet of packets) {
    if (packet.type === 'error') failure ??= appErrorFromCode(packet.code, packet.message)
    seen.push(packet)
  }
  if (failure) throw failure
  if (seen.at(-1)?.type !== 'done') {
    throw new AppError(502, 'run_incomplete', 'The run ended without a result')
  }
  return seen
}

function jsonResult(
  done: Extract<Packet, { type: 'done' }>,
  extra?: Record<string, unknown>,
): unknown {
  const { result } = done
  const isObject = typeof result === 'object' && result !== null && !Array.isArray(result)
  if (!isObject)
    return { result: result ?? null, ...extra, ...(done.stopped ? { stopped: true } : {}) }
  return { ...result, ...extra, ...(done.stopped ? { stopped: true } : {}) }
}

/**
 * Relays a stream of packets as the response, in the format the route forces or the client
 * asks for: every streaming route answers through here, whether its packets come from a
 * session's run or (as for the stateless /v1) from work the route runs itself.
 */
export function relayPackets(
  c: Context<AppEnv>,
  packets: ReadableStream<Packet>,
  options: RunResponseOptions = {},
): Promise<Response> {
  const format = options.format ?? negotiateFormat(c, options.fallback)
  if (format !== 'json' && format !== 'openai-json') {
    return Promise.resolve(streamResponse(c, packets, wireFormat(format, options)))
  }
  return jsonResponse(c, packets, format, options)
}

/**
 * Relays a started run as the response. Start failures throw synchronously (so a handler's
 * `return runToResponse(...)` never hands Hono an already-rejected promise).
 */
export function runToResponse(
  c: Context<AppEnv>,
  start: StartRunResult,
  options: RunResponseOptions = {},
): Promise<Response> {
  if (!start.ok) throw startFailure(start)
  return relayPackets(c, start.stream.pipeThrough(ndjsonToPackets()), options)
}

async function jsonResponse(
  c: Context<AppEnv>,
  packets: ReadableStream<Packet>,
  format: 'json' | 'openai-json',
  options: RunResponseOptions,
): Promise<Response> {
  const seen = await collectUntilDone(packets)
  if (format === 'openai-json') {
    if (!options.completion) throw new TypeError('openai-json needs options.completion')
    return c.json(buildChatCompletion(seen, options.completion))
  }
  const done = seen.at(-1) as Extract<Packet, { type: 'done' }>
  return c.json(jsonResult(done, options.extra))
}
