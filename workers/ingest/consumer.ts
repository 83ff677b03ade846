// The Worker's queue handler: batches of quire-ingest run jobs; batches of quire-ingest-dlq
// record dead letters. Messages are settled one by one, so one failure never sinks a batch.
import { makeDeps } from '../deps'
import { createAssetReader } from './asset-reader'
import { recordDeadLetter } from './dead-letters'
import type { JobContext } from './job-context'
import { logIngest } from './log'
import { processIngestMessage } from './process-message'

export const INGEST_QUEUE_NAME = 'quire-ingest'
export const INGEST_DLQ_NAME = 'quire-ingest-dlq'
/** Per-message deadline; a timeout is transient and is retried with backoff. */
const JOB_TIMEOUT_MS = 5 * 60_000

export async function handleIngestBatch(
  batch: MessageBatch,
  env: Env,
  _ctx?: ExecutionContext,
): Promise<void> {
  const deps = makeDeps(env)
  const isDeadLetters = batch.queue === INGEST_DLQ_NAME
  const readAsset = createAssetReader(env.ASSETS)
  // Sequential on purpose: D1 has one writer and the embedder is the bottleneck anyway.
  for (const msg of batch.messages) {
    try {
      if (isDeadLetters) await recordDeadLetter(msg, deps)
      else await processIngestMessage(msg, jobContext(deps, readAsset))
    } catch (error) {
      // Only bookkeeping (D1) can land here; retry so the job's status is not lost.
      logIngest('error', 'message handling failed', {
        messageId: msg.id,
        error: error instanceof Error ? error.message : String(error),
      })
      msg.retry({ delaySeconds: 30 })
    }
  }
}

function jobContext(deps: JobContext['deps'], readAsset: JobContext['readAsset']): JobContext {
  return { deps, readAsset, signal: AbortSignal.timeout(JOB_TIMEOUT_MS) }
}
