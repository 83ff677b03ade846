// Distractors for a retrieval run at scale: the corpus's own sentences recombined into
// ~one-chunk documents under the corpus's own titles (bench/synthetic.ts), indexed beside the
// judged corpus in the same namespace. They are never relevant, so a system that holds its
// nDCG with them holds it on an index many times the corpus's size, where shortcuts that a
// small index never triggers (e.g. leaving common terms out of the FTS5 pass) come into play.
import { createOfflineEmbedder, indexMany, type CorpusRow } from '../workers/retrieval'
import { createD1VectorStore } from '../workers/retrieval/vectors/d1-vectors'
import { SyntheticCorpus } from '../bench/synthetic'

const BATCH = 250
const SEED = 7

/** Indexes synthetic documents until `count` exist (a reused index keeps earlier ones). */
export async function indexDistractors(
  db: D1Database,
  corpus: CorpusRow[],
  count: number,
  log: (message: string) => void,
): Promise<number> {
  const row = await db
    .prepare(`SELECT count(*) AS n FROM sources WHERE external_id LIKE 'bench:%'`)
    .first<{ n: number }>()
  let made = row?.n ?? 0
  const synthetic = new SyntheticCorpus(corpus, SEED)
  synthetic.next(made) // the same documents as an earlier run, then new ones
  const embedder = createOfflineEmbedder({ dimensions: 384 })
  const vectors = createD1VectorStore({ db, space: embedder.id, dimensions: embedder.dimensions })
  while (made < count) {
    const batch = synthetic.next(Math.min(BATCH, count - made))
    await indexMany({ db, embedder, vectors }, batch)
    made += batch.length
    if (made % 5000 < BATCH) log(`  distractors ${made}/${count}`)
  }
  return made
}
