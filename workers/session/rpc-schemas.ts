// zod schemas for SessionDO's RPC arguments and the result types its methods return.
import { z } from 'zod'
import type { Packet } from '../stream'
import type { StoredMessage } from './run-types'

export const tokenHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 hex digest')
export const runKindSchema = z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/, 'a runner kind')

export type AuthorizeResult = 'ok' | 'missing' | 'denied'

/** What a stop with the session's token finds: refused (as authorize says) or done. */
export type StopResult = { stopped: boolean } | { refused: Exclude<AuthorizeResult, 'ok'> }

/** A JSON value as RPC stub types accept it (`unknown` is not serializable there, and a
 * recursive JSON type is too deep for them), so nested values are typed `object`. */
export type JsonValue = string | number | boolean | null | object

/** A StoredMessage as read back from SQL: its data is parsed JSON. */
export interface MessageView extends Omit<StoredMessage, 'data'> {
  data: { [key: string]: JsonValue }
}

export type StatusPacket = Extract<Packet, { type: 'status' }>

export interface SessionDescription {
  session_id: string
  created_at: number
  messages: MessageView[]
  running: { run_id: string; kind: string } | null
}

/** Expected failures are values, not errors: error classes do not survive RPC. */
export type StartRunResult =
  | { ok: true; runId: string; stream: ReadableStream<Uint8Array> }
  | {
      ok: false
      code: 'run_active' | 'unknown_kind' | 'invalid_input' | 'no_session'
      message: string
    }
