// SessionDO: the one writer of a session's state (history, checkpoints, progress log, runs)
// and host of its single active run. Typed RPC methods validate, delegate and persist. Erasing
// (DELETE or the idle alarm) buries the session first, then runs the erasure steps.
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
  type StopResult,
} from './rpc-schemas'
import type { SessionStore } from './run-types'
import { createSessionTables, type MetaRow } from './session-tables'
import { createSqlStore } from './sql-store'
import { clearSessionStorage } from './clear-storage'
import { runErasureSteps, type ErasureOutcome } from './erasure-run'
import { expiresAt, recordActivity } from './retention'
import { buryMeta, readTombstone } from './tombstone'

/** A failed erasure from the alarm is tried again this much later. */
const ERASURE_RETRY_MS = 60 * 60 * 1000

/** How long a new run waits for a stopped one to let go of the run lock before a 409. */
const STOPPING_WAIT_MS = 1_000

function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    const done = () => {
      clearTimeout(timer)
      resolve()
    }
    promise.then(done, done)
  })
}

/** What DELETE learns: erased (counts per kind), failed (what remains), or no such session. */
export type EraseResult = ErasureOutcome | { ok: false; code: 'missing' | 'denied' }

const sameHash = (a: string, b: string) => {
  const encoder = new TextEncoder()
  const [left, right] = [encoder.encode(a), encoder.encode(b)]
  return left.byteLength === right.byteLength && crypto.subtle.timingSafeEqual(left, right)
}

interface ActiveRun {
  runId: string
  kind: string
  controller: AbortController
  stop: () => void
  isStopping: boolean
  /** Settles once the run no longer holds the run lock. */
  released: Promise<void>
  /** Settles once the run wrote its last row. */
  settled: Promise<unknown>
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
    await this.#touch()
    return { created: true }
  }

  async authorize(tokenHash: string): Promise<AuthorizeResult> {
    const verdict = this.#verify(tokenHash)
    if (verdict === 'ok') await this.#touch()
    return verdict
  }

  /**
   * Erases the session and everything it owns. A session already buried (a failed or finished
   * erasure) is erased again with the same token: every step is idempotent.
   */
  async erase(tokenHash: string): Promise<EraseResult> {
    const owner = this.#meta() ?? readTombstone(this.#sql)
    if (!owner) return { ok: false, code: 'missing' }
    const parsed = tokenHashSchema.safeParse(tokenHash)
    if (!parsed.success || !sameHash(parsed.data, owner.token_hash)) {
      return { ok: false, code: this.#meta() ? 'denied' : 'missing' }
    }
    return this.#erase()
  }

  /** Expiry: erases a session idle past SESSION_RETENTION_DAYS, or resumes a failed erasure. */
  override async alarm(): Promise<void> {
    const now = Date.now()
    const meta = this.#meta()
    const tombstone = readTombstone(this.#sql)
    const { retentionDays } = makeDeps(this.env).config.sessions
    if (meta) {
      if (retentionDays <= 0) return
      const due = expiresAt(this.#sql, meta.created_at, retentionDays)
      if (now < due) return this.ctx.storage.setAlarm(due)
    } else if (!tombstone || tombstone.finished_at !== null) return
    const outcome = await this.#erase()
    if (!outcome.ok) await this.ctx.storage.setAlarm(now + ERASURE_RETRY_MS)
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
    if (!active || active.isStopping || active.controller.signal.aborted) return { stopped: false }
    active.isStopping = true
    active.stop()
    return { stopped: true }
  }

  /**
   * The stop route's one round trip: checks the token and stops. It writes nothing first (no
   * activity touch: the run's start recorded the use), so no storage commit delays the answer.
   */
  async stopWithToken(tokenHash: string): Promise<StopResult> {
    const verdict = this.#verify(tokenHash)
    if (verdict !== 'ok') return { refused: verdict }
    return this.stop()
  }

  async startRun(kind: string, input: unknown): Promise<StartRunResult> {
    const meta = this.#meta()
    if (!meta) return { ok: false, code: 'no_session', message: 'Session does not exist' }
    const parsedKind = runKindSchema.safeParse(kind)
    const registered = parsedKind.success ? findRunner(parsedKind.data) : undefined
    if (!registered) return { ok: false, code: 'unknown_kind', message: `No runner for ${kind}` }
    // A stopped run's stream closes before its runner has unwound: a client starting the next
    // run at once waits for that instead of meeting a 409.
    if (this.#active?.isStopping) await settledWithin(this.#active.released, STOPPING_WAIT_MS)
    if (this.#active) return { ok: false, code: 'run_active', message: 'A run is already active' }
    await this.#touch()
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
    this.#active = {
      runId,
      kind,
      controller: hosted.controller,
      stop: hosted.stop,
      isStopping: false,
      settled: hosted.finished,
      released: Promise.resolve(),
    }
    const release = hosted.released.then(() => {
      if (this.#active?.runId === runId) this.#active = null
    })
    this.#active.released = release
    this.ctx.waitUntil(Promise.all([hosted.finished, release]))
    return { ok: true, runId, stream: hosted.stream }
  }

  /** Runs a registered session operation (operations.ts): the one RPC for non-run state. */
  async operate(name: string, input: unknown): Promise<OperationResult> {
    const meta = this.#meta()
    if (!meta) return { ok: false, code: 'no_session', message: 'Session does not exist' }
    await this.#touch()
    return operate(name, input, { store: this.#store(meta), now: () => Date.now() })
  }

  async #erase(): Promise<ErasureOutcome> {
    const meta = this.#meta()
    if (meta) buryMeta(this.ctx.storage, meta, Date.now())
    const tombstone = readTombstone(this.#sql)
    if (!tombstone) throw new Error('erasure without a tombstone')
    const active = this.#active
    active?.controller.abort()
    const deps = makeDeps(this.env)
    const outcome = await runErasureSteps({ sessionId: tombstone.session_id, deps })
    if (!outcome.ok) return outcome
    // The run's last writes land before the storage is cleared, never after.
    await active?.settled.catch(() => undefined)
    const rows = await clearSessionStorage(this.ctx.storage, tombstone, Date.now())
    return { ok: true, erased: { ...outcome.erased, session_rows: rows } }
  }

  async #touch(): Promise<void> {
    const { retentionDays } = makeDeps(this.env).config.sessions
    await recordActivity(this.ctx.storage, Date.now(), retentionDays)
  }

  #verify(tokenHash: string): AuthorizeResult {
    const meta = this.#meta()
    if (!meta) return 'missing'
    const parsed = tokenHashSchema.safeParse(tokenHash)
    if (!parsed.success) return 'denied'
    // Both are SHA-256 hex digests of the same length, so the comparison can be exact-time.
    return sameHash(parsed.data, meta.token_hash) ? 'ok' : 'denied'
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
