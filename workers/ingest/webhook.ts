// Standard Webhooks verification for POST /api/ingest/webhook: HMAC signature over
// id.timestamp.body, the package's 5-minute timestamp tolerance, and one use per webhook-id.
import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import { claimWebhookDelivery, pruneWebhookDeliveries } from '../db'
import { NotConfiguredError, UnauthorizedError } from '../errors'

/**
 * A delivery verifies while its timestamp is within 5 minutes either side of now, so an id
 * can replay for up to ~10 minutes after receipt; keep ids a little longer than that.
 */
const REPLAY_MEMORY_MS = 15 * 60_000

export interface WebhookDelivery {
  rawBody: string
  headers: Record<string, string>
}

/** Throws UnauthorizedError unless the signature and timestamp check out; returns the webhook-id. */
export function verifyWebhookSignature(
  secret: string | undefined,
  delivery: WebhookDelivery,
): string {
  if (!secret) throw new NotConfiguredError('Ingest webhooks need INGEST_WEBHOOK_SECRET')
  const id = delivery.headers['webhook-id']
  try {
    new Webhook(secret).verify(delivery.rawBody, delivery.headers, { jsonParse: false })
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      throw new UnauthorizedError(`Webhook verification failed: ${error.message}`)
    }
    throw error
  }
  if (!id) throw new UnauthorizedError('Webhook verification failed: missing webhook-id')
  return id
}

/** Records the id once; a second delivery with the same id is a replay and is refused. */
export async function claimDeliveryOnce(db: D1Database, id: string, now: number): Promise<void> {
  const isFirst = await claimWebhookDelivery(db, id, now)
  if (!isFirst) throw new UnauthorizedError('Webhook delivery already received (replay)')
  await pruneWebhookDeliveries(db, now - REPLAY_MEMORY_MS)
}
