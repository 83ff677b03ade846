// Per-session quotas of seed 004, kept in the session object's SQLite: brain searches, chat
// messages and Paper Brain agent messages each allow a number of uses, then a user cooldown; a provider's exhaustion pauses
// both for the API cooldown. When a cooldown ends, the count starts again.

export type QuotaKind = 'search' | 'chat' | 'brain'

export interface QuotaLimits {
  searchLimit: number
  chatLimit: number
  brainLimit: number
  cooldownMinutes: number
  apiCooldownMinutes: number
}

export interface QuotaCounter {
  used: number
  limit: number
  left: number
  /** Epoch ms when the user cooldown ends; null when none is running. */
  cooldown_until: number | null
}

export interface QuotaView {
  search: QuotaCounter
  chat: QuotaCounter
  brain: QuotaCounter
  api_cooldown_until: number | null
}

export type QuotaDecision =
  | { allowed: true; quota: QuotaView }
  | {
      allowed: false
      reason: 'user_cooldown' | 'api_cooldown'
      retry_after_s: number
      minutes_left: number
      quota: QuotaView
    }

const API_ROW = 'api'

function table(sql: SqlStorage): SqlStorage {
  sql.exec(`CREATE TABLE IF NOT EXISTS papers_quota (
    kind TEXT PRIMARY KEY,
    used INTEGER NOT NULL DEFAULT 0,
    blocked_until INTEGER
  )`)
  return sql
}

interface Row {
  used: number
  blocked_until: number | null
}

function readRow(sql: SqlStorage, kind: string, now: number): Row {
  const row = table(sql)
    .exec<Row & Record<string, SqlStorageValue>>(
      'SELECT used, blocked_until FROM papers_quota WHERE kind = ?',
      kind,
    )
    .toArray()[0]
  // An expired cooldown resets the count: the session starts a fresh allowance.
  if (!row || (row.blocked_until !== null && row.blocked_until <= now)) {
    return { used: 0, blocked_until: null }
  }
  return row
}

function writeRow(sql: SqlStorage, kind: string, row: Row): void {
  table(sql).exec(
    `INSERT INTO papers_quota (kind, used, blocked_until) VALUES (?, ?, ?)
     ON CONFLICT(kind) DO UPDATE SET used = excluded.used, blocked_until = excluded.blocked_until`,
    kind,
    row.used,
    row.blocked_until,
  )
}

const limitOf = (kind: QuotaKind, limits: QuotaLimits) =>
  ({ search: limits.searchLimit, chat: limits.chatLimit, brain: limits.brainLimit })[kind]

function counter(row: Row, limit: number): QuotaCounter {
  return {
    used: row.used,
    limit,
    left: row.blocked_until === null ? Math.max(0, limit - row.used) : 0,
    cooldown_until: row.blocked_until,
  }
}

export function readQuota(sql: SqlStorage, limits: QuotaLimits, now: number): QuotaView {
  const api = readRow(sql, API_ROW, now)
  return {
    search: counter(readRow(sql, 'search', now), limits.searchLimit),
    chat: counter(readRow(sql, 'chat', now), limits.chatLimit),
    brain: counter(readRow(sql, 'brain', now), limits.brainLimit),
    api_cooldown_until: api.blocked_until,
  }
}

function denied(
  reason: 'user_cooldown' | 'api_cooldown',
  until: number,
  now: number,
  quota: QuotaView,
): QuotaDecision {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000))
  return {
    allowed: false,
    reason,
    retry_after_s: seconds,
    minutes_left: Math.ceil(seconds / 60),
    quota,
  }
}

/** Uses one unit of `kind` when allowed; the last unit of an allowance starts the cooldown. */
export function consumeQuota(
  sql: SqlStorage,
  kind: QuotaKind,
  limits: QuotaLimits,
  now: number,
): QuotaDecision {
  const api = readRow(sql, API_ROW, now)
  if (api.blocked_until !== null) {
    return denied('api_cooldown', api.blocked_until, now, readQuota(sql, limits, now))
  }
  const row = readRow(sql, kind, now)
  if (row.blocked_until !== null) {
    return denied('user_cooldown', row.blocked_until, now, readQuota(sql, limits, now))
  }
  const used = row.used + 1
  const spent = used >= limitOf(kind, limits)
  writeRow(sql, kind, { used, blocked_until: spent ? now + limits.cooldownMinutes * 60_000 : null })
  return { allowed: true, quota: readQuota(sql, limits, now) }
}

/**
 * Gives back the unit a call used when it did no work (refused, or its provider failed):
 * quotas count work done. A unit that had started the cooldown lifts it again.
 */
export function refundQuota(
  sql: SqlStorage,
  kind: QuotaKind,
  limits: QuotaLimits,
  now: number,
): QuotaView {
  const row = readRow(sql, kind, now)
  if (row.used > 0) writeRow(sql, kind, { used: row.used - 1, blocked_until: null })
  return readQuota(sql, limits, now)
}

/** The provider said its quota is exhausted: pause searches and chat for the API cooldown. */
export function markApiExhausted(sql: SqlStorage, limits: QuotaLimits, now: number): QuotaView {
  writeRow(sql, API_ROW, { used: 0, blocked_until: now + limits.apiCooldownMinutes * 60_000 })
  return readQuota(sql, limits, now)
}
