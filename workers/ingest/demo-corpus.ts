// The 'demo_corpus' job: the first message splits the bundled SciFact file into slices and
// enqueues one follow-up message per slice; each slice indexes its rows and adds its counts once.
import { addIngestPartCounts, finishIngestJobIfComplete, setIngestParts } from '../db'
import { corpusIndexRequest, indexMany, parseCorpusJsonl, type CorpusRow } from '../retrieval'
import type { JobContext } from './job-context'
import type { IngestMessage } from './schemas'

export const DEMO_CORPUS_PATH = '/corpus/scifact.jsonl.gz'
/** Prefix of the demo sources' external ids ('scifact:<_id>'). */
const DEMO_CORPUS_NAME = 'scifact'
/** Rows per follow-up message: keeps each invocation well inside the CPU budget. */
export const DEMO_SLICE_SIZE = 250
/** Queue sendBatch accepts at most 100 messages. */
const SEND_BATCH_LIMIT = 100

export async function runDemoCorpusMessage(
  message: IngestMessage,
  namespace: string,
  ctx: JobContext,
): Promise<void> {
  const rows = parseCorpusJsonl(await ctx.readAsset(DEMO_CORPUS_PATH, ctx.signal))
  if (message.slice) await indexSlice({ message, slice: message.slice, rows, namespace }, ctx)
  else await fanOut(message, rows.length, ctx)
  await finishIngestJobIfComplete(ctx.deps.db, message.jobId, ctx.deps.now())
}

/** Enqueues every slice, then records how many there are. A repeat re-sends; slices count once. */
async function fanOut(message: IngestMessage, total: number, ctx: JobContext): Promise<void> {
  const size = message.sliceSize ?? DEMO_SLICE_SIZE
  const slices: MessageSendRequest<IngestMessage>[] = []
  for (let offset = 0; offset < total; offset += size) {
    slices.push({
      body: { jobId: message.jobId, type: 'demo_corpus', slice: { offset, limit: size } },
    })
  }
  for (let i = 0; i < slices.length; i += SEND_BATCH_LIMIT) {
    await ctx.deps.ingestQueue.sendBatch(slices.slice(i, i + SEND_BATCH_LIMIT))
  }
  await setIngestParts(ctx.deps.db, message.jobId, slices.length, ctx.deps.now())
}

async function indexSlice(
  input: {
    message: IngestMessage
    slice: { offset: number; limit: number }
    rows: CorpusRow[]
    namespace: string
  },
  ctx: JobContext,
): Promise<void> {
  const { offset, limit } = input.slice
  const requests = input.rows
    .slice(offset, offset + limit)
    .flatMap(
      (row) =>
        corpusIndexRequest(row, { corpus: DEMO_CORPUS_NAME, namespace: input.namespace }) ?? [],
    )
  const counts = await indexMany(ctx.deps, requests, ctx.signal)
  await addIngestPartCounts(
    ctx.deps.db,
    { id: input.message.jobId, part: offset, counts },
    ctx.deps.now(),
  )
}
