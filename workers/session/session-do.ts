// SessionDO: the one writer of a session's state (history, checkpoints, progress log, runs)
// and host of its single active run. Typed RPC methods validate, delegate and persist.
import { DurableObject } from 'cloudflare:workers'
import { makeDeps } from '../deps'
import { operate } from './operate'
import type { OperationResult } from './operations'
import { listProgress, recordProgress } from './progress-log'
import { hostRun } from './run-host'
import { findRunner } from './runners'
import { createPartialsTable, PartialWriter, recoverOrphanedRuns } from './partial-answers'
import { finishRun, insertRun } from './runs-table'
import {
  runKindSchema,
  tokenHashSchema,
  type AuthorizeResult,
  type MessageView,
  type SessionDescription,
  type StartRunResult,
  type StatusPacket,
} from './rpc-schemas'
import type { SessionStore } from './run-types'
import { createSessionTables, type MetaRow } from './session-tables'
import { createSqlStore } from './sql-store'

interface ActiveRun {
  runId: string
  kind: string
  controller: AbortController
}

export class SessionDO extends DurableObject<Env> {
  readonly #sql: SqlStorage
  #active: ActiveRun | null = null

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    this.#sql = ctx.storage.sql
    void ctx.blockConcurrencyWhile(async () => {
      createSessionTables(this.#sql)
      createPartialsTable(this.#sql)
      recoverOrphanedRuns(this.#sql, this.#store(this.#meta()), Date.now())
    })
  }

  async create(tokenHash: string): Promise<{ created: boolean }> {
    const hash = tokenHashSchema.parse(tokenHash)
    if (this.#meta()) return { created: false }
    const sessionId = this.ctx.id.name ?? this.ctx.id.toString()
    this.#sql.exec(
      'INSERT INTO meta (id, session_id, token_hash, created_at) VALUES (1, ?, ?, ?)',
      sessionId,
      hash,
      Date.now(),
    )
    return { created: true }
  }

  async authorize(tokenHash: string): Promise<AuthorizeResult> {
    const meta = this.#meta()
    if (!meta) return 'missing'
    const parsed = tokenHashSchema.safeParse(tokenHash)
    if (!parsed.success) return 'denied'
    // Both are SHA-256 hex digests of the same length, so the comparison can be exact-time.
    const encoder = new TextEncoder()
    const same = crypto.subtle.timingSafeEqual(
      encoder.encode(parsed.data),
      encoder.encode(meta.token_hash),
    )
    return same ? 'ok' : 'denied'
  }

  async describe(): Promise<SessionDescription> {
    const meta = this.#meta()
    const store = this.#store(meta)
    return {
      session_id: store.sessionId,
      created_at: meta?.created_at ?? 0,
      // Rows hold JSON text, so every data value is JSON.
      messages: store.listMessages() as MessageView[],
      running: this.#active ? { run_id: this.#active.runId, kind: this.#active.kind } : null,
    }
  }

  async progress(): Promise<StatusPacket[]> {
    return listProgress(this.#sql)
  }

  async stop(): Promise<{ stopped: boolean }> {
    const active = this.#active
    if (!active || active.controller.signal.aborted) return { stopped: false }
    active.controller.abort()
    return { stopped: true }
  }

  async startRun(kind: string, input: unknown): Promise<StartRunResult> {
    const meta = this.#meta()
    if (!meta) return { ok: false, code: 'no_session', message: 'Session does not exist' }
    const parsedKind = runKindSchema.safeParse(kind)
    const registered = parsedKind.success ? findRunner(parsedKind.data) : undefined
    if (!registered) return { ok: false, code: 'unknown_kind', message: `No runner for ${kind}` }
    if (this.#active) return { ok: false, code: 'run_active', message: 'A run is already active' }
    const parsedInput = registered.parseInput(input)
    if (!parsedInput.ok) return { ok: false, code: 'invalid_input', message: parsedInput.message }
    const deps = makeDeps(this.env)
    const runId = crypto.randomUUID()
    insertRun(this.#sql, { id: runId, kind, now: Date.now() })
    const partial = new PartialWriter(this.#sql, runId, () => Date.now())
    const hosted = hostRun({
      runId,
      runner: registered.run,
      input: parsedInput.value,
      deps,
      store: this.#store(meta),
      onStatus: (packet) => recordProgress(this.#sql, runId, packet, Date.now()),
      onText: (text) => partial.append(text),
      onWithdraw: (keep) => partial.truncate(keep),
      onFinished: (status) => {
        partial.discard()
        finishRun(this.#sql, runId, status, Date.now())
      },
    })
    this.#active = { runId, kind, controller: hosted.controller }
    const release = hosted.released.then(() => {
      if (this.#active?.runId === runId) this.#active = null
    })
    this.ctx.waitUntil(Promise.all([hosted.finished, release]))
    return { ok: true, runId, stream: hosted.stream }
  }

  /** Runs a registered session operation (operations.ts): the one RPC for non-run state. */
  async operate(name: string, input: unknown): Promise<OperationResult> {
    const meta = this.#meta()
    if (!meta) return { ok: false, code: 'no_session', message: 'Session does not exist' }
    return operate(name, input, { store: this.#store(meta), now: () => Date.now() })
  }

  #meta(): MetaRow | undefined {
    return this.#sql
      .exec<MetaRow & Record<string, SqlStorageValue>>(
        'SELECT session_id, token_hash, created_at FROM meta',
      )
      .toArray()[0]
  }

  #store(meta: MetaRow | undefined): SessionStore {
    const sessionId = meta?.session_id ?? this.ctx.id.name ?? this.ctx.id.toString()
    return createSqlStore(this.#sql, sessionId, () => Date.now())
  }
}
