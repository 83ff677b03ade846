// Queries over client_quotas: one counter per client, kind and fixed window. A charge is one
// conditional UPSERT ... RETURNING, so concurrent requests can never count past the limit.
import type { clientQuotas } from './schema'

export type ClientQuotaRow = typeof clientQuotas.$inferSelect

export interface ClientQuotaCharge {
  clientHash: string
  kind: string
  windowStart: number
  limit: number
}

/**
 * Counts one use when the window has room; the new count, or null when the limit is reached
 * (the row is then left as it was). Windows that ended before this one are dropped in the
 * same transaction, so no client's hash outlives the window after its last use.
 */
export async function chargeClientQuota(
  db: D1Database,
  charge: ClientQuotaCharge,
): Promise<number | null> {
  const { clientHash, kind, windowStart, limit } = charge
  const [, upsert] = await db.batch<{ count: number }>([
    db.prepare('DELETE FROM client_quotas WHERE window_start < ?').bind(windowStart),
    db
      .prepare(
        `INSERT INTO client_quotas (client_hash, kind, window_start, count) VALUES (?, ?, ?, 1)
         ON CONFLICT (client_hash, kind, window_start) DO UPDATE SET count = count + 1
         WHERE count < ?
         RETURNING count`,
      )
      .bind(clientHash, kind, windowStart, limit),
  ])
  return upsert?.results[0]?.count ?? null
}

/** Gives one use back (a counted request that did no work); never below zero. */
export async function refundClientQuota(
  db: D1Database,
  charge: Omit<ClientQuotaCharge, 'limit'>,
): Promise<void> {
  await db
    .prepare(
      `UPDATE client_quotas SET count = count - 1
       WHERE client_hash = ? AND kind = ? AND window_start = ? AND count > 0`,
    )
    .bind(charge.clientHash, charge.kind, charge.windowStart)
    .run()
}
