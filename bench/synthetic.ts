// Synthetic documents for the benchmark: sentences of real abstracts recombined by a seeded
// generator, so any corpus size is reachable with realistic vocabulary and lengths.
import { LIBRARY_NAMESPACE } from '../workers/namespaces'
import type { CorpusRow, IndexRequest } from '../workers/retrieval'

/** mulberry32: small, fast, deterministic. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Target words per document: one 768-token 'papers' chunk holds roughly 500 words. */
const WORDS_PER_DOC = 420

export class SyntheticCorpus {
  private readonly sentences: string[]
  private readonly titles: string[]
  private readonly rand: () => number
  private made = 0

  constructor(rows: CorpusRow[], seed: number) {
    this.sentences = rows
      .flatMap((r) => r.text.split(/(?<=[.!?])\s+(?=[A-Z])/))
      .filter((s) => s.length > 40)
    this.titles = rows.map((r) => r.title).filter(Boolean)
    this.rand = random(seed)
  }

  private pick<T>(items: T[]): T {
    return items[Math.floor(this.rand() * items.length)] as T
  }

  /** `count` documents in `namespace` (the public library unless given). */
  next(count: number, namespace: string = LIBRARY_NAMESPACE): IndexRequest[] {
    return Array.from({ length: count }, () => {
      const id = this.made++
      const parts: string[] = []
      let words = 0
      while (words < WORDS_PER_DOC) {
        const sentence = this.pick(this.sentences)
        parts.push(sentence)
        words += sentence.split(/\s+/).length
      }
      const title = this.pick(this.titles)
      const text = parts.join(' ')
      return {
        source: { kind: 'corpus' as const, externalId: `bench:${id}`, title },
        documents: [{ title, pages: [{ page: null, text }] }],
        namespace,
      }
    })
  }

  /** Query-like strings: real titles and sentences. */
  queries(count: number): string[] {
    return Array.from({ length: count }, (_, i) =>
      i % 2 === 0 ? this.pick(this.titles) : this.pick(this.sentences),
    )
  }
}
