// The global limit of active debates (DEBATE_MAX_ACTIVE, for single-tenant deployments: the
// seed's "one at a time"). Slots are leases in one well-known session object, whose name is
// not a UUID so no client can open it. A debate takes a slot before it starts and gives it
// back when it ends; the lease bounds a slot a crashed run never returned.
import { z } from 'zod'
import type { Deps } from '../deps'
import { AppError, RunActiveError } from '../errors'
import { defineOperation, openSession } from '../session'

const SLOTS_SESSION = 'quire:debate-slots'
/** Longer than any debate can run (turns are capped by tokens, ingestion by time). */
const LEASE_MS = 30 * 60_000

function ensureTable(sql: SqlStorage): void {
  sql.exec(
    'CREATE TABLE IF NOT EXISTS debate_slots (key TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)',
  )
}

export const acquireSlotOperation = defineOperation({
  name: 'debate.slots.acquire',
  input: z.object({ key: z.string().min(1).max(64), limit: z.number().int().positive() }),
  run: ({ store, now }, { key, limit }) => {
    ensureTable(store.sql)
    store.sql.exec('DELETE FROM debate_slots WHERE expires_at <= ?', now())
    const active = store.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM debate_slots').one().n
    if (active >= limit) {
      throw new RunActiveError(
        `The limit of ${limit} active debate${limit === 1 ? '' : 's'} is reached`,
      )
    }
    store.sql.exec(
      'INSERT INTO debate_slots (key, expires_at) VALUES (?, ?)',
      key,
      now() + LEASE_MS,
    )
    return { acquired: true }
  },
})

export const releaseSlotOperation = defineOperation({
  name: 'debate.slots.release',
  input: z.object({ key: z.string().min(1).max(64) }),
  run: ({ store }, { key }) => {
    ensureTable(store.sql)
    store.sql.exec('DELETE FROM debate_slots WHERE key = ?', key)
    return { released: true }
  },
})

async function slotsStub(deps: Pick<Deps, 'sessions'>) {
  const stub = openSession(deps, SLOTS_SESSION)
  // Nobody holds this token: the slots session is reached only through these operations.
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  const hash = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  await stub.create(hash)
  return stub
}

/** Takes a slot (its key), or throws 409 when DEBATE_MAX_ACTIVE debates are running; null
 * when there is no global limit. */
export async function acquireSlot(deps: Deps): Promise<string | null> {
  const limit = deps.config.debate.maxActive
  if (limit === 0) return null
  const key = crypto.randomUUID()
  const stub = await slotsStub(deps)
  const result = await stub.operate(acquireSlotOperation.name, { key, limit })
  if (result.ok) return key
  if (result.code === 'failed' && result.errorCode === 'run_active')
    throw new RunActiveError(result.message)
  throw new AppError(500, 'internal', `Could not take a debate slot: ${result.message}`)
}

/** Gives a slot back (unconditionally: the limit may have changed since it was taken). */
export async function releaseSlot(deps: Pick<Deps, 'sessions'>, key: string): Promise<void> {
  const stub = await slotsStub(deps)
  await stub.operate(releaseSlotOperation.name, { key })
}
