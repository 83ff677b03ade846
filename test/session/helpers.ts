// Session test helpers: create sessions through the real route, read NDJSON run streams.
import { env } from 'cloudflare:test'
import { app } from '../../workers/app'
import { makeDeps } from '../../workers/deps'
import { openSession, type SessionStub } from '../../workers/session'
import { NdjsonDecoder, type Packet } from '../../workers/stream'

export interface CreatedSession {
  sessionId: string
  token: string
  stub: SessionStub
}

let ip = 0

/** POST /api/sessions from a fresh client IP (the public rate limit is per IP). */
export async function createSession(): Promise<CreatedSession> {
  ip += 1
  const res = await app.request(
    '/api/sessions',
    { method: 'POST', headers: { 'CF-Connecting-IP': `198.51.100.${ip % 250}` } },
    env,
  )
  if (res.status !== 201) throw new Error(`session create failed: ${res.status}`)
  const body = await res.json<{ session_id: string; token: string }>()
  return {
    sessionId: body.session_id,
    token: body.token,
    stub: openSession(makeDeps(env), body.session_id),
  }
}

export function bearer(token: string): RequestInit {
  return { headers: { Authorization: `Bearer ${token}` } }
}

/** Reads packets until `done` (or the stream ends); `onPacket` may act mid-stream. */
export async function readPackets(
  stream: ReadableStream<Uint8Array>,
  onPacket?: (packet: Packet) => void | Promise<void>,
): Promise<Packet[]> {
  const decoder = new NdjsonDecoder()
  const text = new TextDecoder()
  const packets: Packet[] = []
  for await (const chunk of stream) {
    for (const packet of decoder.push(text.decode(chunk, { stream: true }))) {
      packets.push(packet)
      await onPacket?.(packet)
    }
  }
  packets.push(...decoder.end())
  return packets
}

/** Polls describe() until no run holds the lock (bounded: the runner under test is short). */
export async function waitUntilIdle(stub: SessionStub, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if ((await stub.describe()).running === null) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('run did not finish in time')
}
