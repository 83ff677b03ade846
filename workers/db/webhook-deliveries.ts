// Typed queries over webhook_deliveries: the replay guard for Standard Webhooks ids.
import { lt } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { webhookDeliveries } from './schema'

/**
 * Claims a delivery id atomically (insert-or-nothing). Returns false when the id was
 * already claimed: the delivery is a replay.
 */
export async function claimWebhookDelivery(
  db: D1Database,
  id: string,
  now: number,
): Promise<boolean> {
  const rows = await drizzle(db)
    .insert(webhookDeliveries)
    .values({ id, receivedAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id })
  return rows.length > 0
}

/** Forgets ids older than `olderThan`; past the timestamp tolerance they cannot verify again anyway. */
export async function pruneWebhookDeliveries(db: D1Database, olderThan: number): Promise<void> {
  await drizzle(db)
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.receivedAt, new Date(olderThan)))
}
