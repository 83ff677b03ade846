// The 'demo_corpus' job: the first message splits the bundled SciFact file into slices and
// enqueues one follow-up message per slice; each slice indexes its rows and adds its counts once.
import { addIngestPartCounts, finishIngestJobIfComplete, setIngestParts } from '../db/ingest-jobs'
import { corpusIndexRequest, indexMany, parseCorpusJsonl } from '../retrieval'
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
  const lines = corpusLines(await ctx.readAsset(DEMO_CORPUS_PATH, ctx.signal))
  if (message.slice) await indexSlice({ message, slice: message.slice, lines, namespace }, ctx)
  else await fanOut(message, lines.length, ctx)
  await finishIngestJobIfComplete(ctx.deps.db, message.jobId, ctx.deps.now())
}

/**
 * The file's non-empty lines. Slices are ranges of lines, so a slice parses only its own rows:
 * parsing all 5,183 rows takes ~300 ms of one uninterrupted stretch, for every message.
 */
function corpusLines(bytes: Uint8Array): string[] {
  return new TextDecoder()
    .decode(bytes)
    .split('\n')
    .filter((line) => line.trim().length > 0)
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
  const split = { parts: slices.length, rows: total }
  await setIngestParts(ctx.deps.db, message.jobId, split, ctx.deps.now())
}

async function indexSlice(
  input: {
    message: IngestMessage
    slice: { offset: number; limit: number }
    lines: string[]
    namespace: string
  },
  ctx: JobContext,
): Promise<void> {
  const { offset, limit } = input.slice
  // Malformed lines are skipped by the parser, so one bad row never stops a seed.
  const rows = parseCorpusJsonl(input.lines.slice(offset, offset + limit).join('\n'))
  const requests = rows.flatMap(
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
