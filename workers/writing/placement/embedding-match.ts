// Section matching by embeddings, after the terms found nothing: the words the user used for
// the place ("to the part about prior studies") against each heading, through the Embedder
// port. Only a clear match counts; otherwise the content still goes to the end.
import type { Embedder } from '../../retrieval'
import { targetPhrases } from './deterministic'
import type { HeadingLine } from './headings'

/** Cosine of L2-normalised vectors (the Embedder port's contract). */
const MIN_SIMILARITY = 0.55

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0
  for (let i = 0; i < a.length; i += 1) sum += (a[i] ?? 0) * (b[i] ?? 0)
  return sum
}

export async function matchByEmbedding(
  embedder: Embedder,
  headings: HeadingLine[],
  message: string,
  signal?: AbortSignal,
): Promise<number | null> {
  const sections = headings.filter((h) => h.depth > 1)
  const pool = sections.length > 0 ? sections : headings
  const phrases = targetPhrases(message).filter((p) => p.trim())
  if (pool.length === 0 || phrases.length === 0) return null
  const vectors = await embedder.embed([...phrases, ...pool.map((h) => h.title)], 'query', signal)
  const asked = vectors.slice(0, phrases.length)
  let best: { index: number; score: number } | null = null
  pool.forEach((heading, i) => {
    const vector = vectors[phrases.length + i]
    if (!vector) return
    const score = Math.max(...asked.map((a) => dot(a, vector)))
    if (score >= MIN_SIMILARITY && (!best || score > best.score)) best = { index: i, score }
  })
  const chosen = best as { index: number; score: number } | null
  return chosen ? headings.indexOf(pool[chosen.index] as HeadingLine) : null
}
