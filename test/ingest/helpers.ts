// Builders for the ingest tests: authorised requests, a captured (never delivered) queue,
// queue batches run through the real handler, and Standard Webhooks signatures.
import {
  createExecutionContext,
  createMessageBatch,
  env,
  getQueueResult,
  type QueueResult,
} from 'cloudflare:test'
import { Webhook } from 'standardwebhooks'
import { vi } from 'vitest'
import { app } from '../../workers/app'
import { handleIngestBatch, type IngestJobStatus, type IngestMessage } from '../../workers/ingest'

export const API_KEY = 'test-api-key'
export const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'

export function postIngest(body: unknown, headers: Record<string, string> = authHeaders()) {
  return app.request(
    '/api/ingest',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    },
    env,
  )
}

export function getJson(path: string, headers: Record<string, string> = authHeaders()) {
  return app.request(path, { headers }, env)
}

export function authHeaders(): Record<string, string> {
  return { authorization: `Bearer ${API_KEY}` }
}

/**
 * Replaces the producer with a recorder so no message reaches the real consumer in the
 * background; returns the bodies sent, in order.
 */
export function captureQueue(): IngestMessage[] {
  const sent: IngestMessage[] = []
  const accepted = { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } }
  vi.spyOn(env.INGEST_QUEUE, 'sendBatch').mockImplementation(async (messages) => {
    for (const m of messages) sent.push(m.body as IngestMessage)
    return accepted
  })
  vi.spyOn(env.INGEST_QUEUE, 'send').mockImplementation(async (body) => {
    sent.push(body as IngestMessage)
    return accepted
  })
  return sent
}

/** Queues one job through the API and returns its id and the message the consumer will get. */
export async function queueJob(job: unknown): Promise<{ jobId: string; message: IngestMessage }> {
  const sent = captureQueue()
  const res = await postIngest(job)
  if (res.status !== 202) throw new Error(`expected 202, got ${res.status}: ${await res.text()}`)
  const { jobs } = (await res.json()) as { jobs: { job_id: string }[] }
  const jobId = jobs[0]?.job_id
  const message = sent.find((m) => m.jobId === jobId)
  if (!jobId || !message) throw new Error('job was not queued')
  return { jobId, message }
}

export interface BatchInput {
  body: unknown
  attempts?: number
}

export interface BatchOutcome extends QueueResult {
  /** Every retry() call with its options: the harness records retries but not their delay. */
  retries: { msgId: string; delaySeconds?: number }[]
}

/**
 * Runs messages through handleIngestBatch. A fresh env object per call gives fresh Deps
 * (config and clients built anew), as a new isolate would.
 */
export async function runBatch(
  messages: BatchInput[],
  options: { queue?: string; env?: Env } = {},
): Promise<BatchOutcome> {
  const batch = createMessageBatch(
    options.queue ?? 'quire-ingest',
    messages.map((m, i) => ({
      id: `msg-${i}-${crypto.randomUUID()}`,
      timestamp: new Date(),
      attempts: m.attempts ?? 1,
      body: m.body,
    })),
  )
  const retries: BatchOutcome['retries'] = []
  for (const msg of batch.messages) {
    const retry = msg.retry.bind(msg)
    msg.retry = (retryOptions?: QueueRetryOptions) => {
      retries.push({ msgId: msg.id, delaySeconds: retryOptions?.delaySeconds })
      retry(retryOptions)
    }
  }
  const ctx = createExecutionContext()
  await handleIngestBatch(batch, options.env ?? { ...env }, ctx)
  return { ...(await getQueueResult(batch, ctx)), retries }
}

export async function jobStatus(jobId: string): Promise<IngestJobStatus> {
  const res = await getJson(`/api/ingest/${jobId}`)
  if (res.status !== 200) throw new Error(`status ${res.status}`)
  return (await res.json()) as IngestJobStatus
}

/** Headers of a delivery signed with the package's own `sign` (timestamp defaults to now). */
export function signWebhook(
  rawBody: string,
  options: { id?: string; timestamp?: Date; secret?: string } = {},
): Record<string, string> {
  const id = options.id ?? `msg_${crypto.randomUUID()}`
  const timestamp = options.timestamp ?? new Date()
  const signature = new Webhook(options.secret ?? WEBHOOK_SECRET).sign(id, timestamp, rawBody)
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signature,
  }
}

export function postWebhook(rawBody: string, headers: Record<string, string>, testEnv: Env = env) {
  return app.request(
    '/api/ingest/webhook',
    { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: rawBody },
    testEnv,
  )
}
