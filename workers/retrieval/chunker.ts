// One chunker for every caller, with presets: packs word segments up to a size in characters
// or tokens, cuts at the strongest boundary in reach (paragraph, sentence, word) and starts
// the next chunk with an overlap that also begins on a boundary.
import { countTokens } from '../llm'
import { createPace, type Pace } from '../yield'
import type { ChunkPreset } from './indexer-types'
import { Boundary, wordSegments, type Segment } from '../grounding'

export interface ChunkSpec {
  unit: 'chars' | 'tokens'
  size: number
  overlap: number
}

/**
 * writing: seed 000's 1000/100 characters. papers: seed 004's 768/128 tokens.
 * debate: 512/64 tokens, because seed 002 embeds with e5-class models whose window is 512
 * tokens: a chunk never gets silently truncated by such a model, and the 1/8 overlap keeps a
 * sentence of context across the cut, like the other presets.
 */
export const CHUNK_PRESETS: Record<ChunkPreset, ChunkSpec> = {
  writing: { unit: 'chars', size: 1000, overlap: 100 },
  papers: { unit: 'tokens', size: 768, overlap: 128 },
  debate: { unit: 'tokens', size: 512, overlap: 64 },
}

export interface TextChunk {
  text: string
  /** Offsets of the chunk in the input text. */
  start: number
  end: number
  tokens: number
}

interface Packing {
  text: string
  segments: Segment[]
  /** prefix[i] = measure of segments 0..i-1. */
  prefix: number[]
  spec: ChunkSpec
}

/** Token counts per distinct segment: words repeat, and counting is the chunker's hot path. */
function measureOf(spec: ChunkSpec): (piece: string) => number {
  if (spec.unit === 'chars') return (piece) => piece.length
  const memo = new Map<string, number>()
  return (piece) => {
    let n = memo.get(piece)
    if (n === undefined) memo.set(piece, (n = countTokens(piece)))
    return n
  }
}

function sum(p: Packing, from: number, to: number): number {
  return (p.prefix[to + 1] ?? 0) - (p.prefix[from] ?? 0)
}

function chunkAt(p: Packing, from: number, to: number): TextChunk {
  const first = p.segments[from]
  const last = p.segments[to]
  const raw = p.text.slice(first?.start ?? 0, last?.end ?? 0)
  const lead = raw.length - raw.trimStart().length
  const text = raw.trim()
  const start = (first?.start ?? 0) + lead
  return { text, start, end: start + text.length, tokens: countTokens(text) }
}

/** Last segment index such that from..reach fits the size (at least `from` itself). */
function reachFrom(p: Packing, from: number): number {
  let reach = from
  while (reach + 1 < p.segments.length && sum(p, from, reach + 1) <= p.spec.size) reach++
  return reach
}

/** Within the second half of the reach, the strongest boundary wins; ties go to the farthest. */
function pickEnd(p: Packing, from: number, reach: number, previousEnd: number): number {
  if (reach === p.segments.length - 1) return reach
  let best = reach
  for (let end = reach; end > previousEnd && sum(p, from, end) >= p.spec.size / 2; end--) {
    const strength = p.segments[end]?.after ?? Boundary.Word
    if (strength > (p.segments[best]?.after ?? Boundary.Word)) best = end
  }
  return best
}

/** First segment of the next chunk: as much overlap as allowed, from a sentence if one fits. */
function pickOverlapStart(p: Packing, from: number, end: number): number {
  if (p.spec.overlap <= 0) return end + 1
  let start = end + 1
  while (start - 1 > from && sum(p, start - 1, end) <= p.spec.overlap) start--
  for (let j = start; j <= end; j++) {
    const opensSentence = (p.segments[j - 1]?.after ?? Boundary.Word) >= Boundary.Sentence
    if (opensSentence && sum(p, j, end) >= p.spec.overlap / 2) return j
  }
  return start
}

/** Token presets measure segments approximately; trim the end until the exact count fits. */
function fitted(p: Packing, from: number, end: number, previousEnd: number) {
  let last = end
  let chunk = chunkAt(p, from, last)
  while (
    p.spec.unit === 'tokens' &&
    chunk.tokens > p.spec.size &&
    last > Math.max(from, previousEnd + 1)
  ) {
    last--
    chunk = chunkAt(p, from, last)
  }
  return { chunk, last }
}

/** Segments read and measured per step: a slice covers 16 × 256 = 4,096 (~10-40 ms). */
const MEASURE_STEP = 256

/**
 * The chunker's work as a sequence of steps: `null` after each block of segments measured, a
 * chunk whenever one is cut. Callers that must stay responsive pause between steps.
 */
function* chunkSteps(text: string, spec: ChunkSpec): Generator<TextChunk | null> {
  const maxWordChars = spec.unit === 'chars' ? spec.size : spec.size * 2
  const measure = measureOf(spec)
  const segments: Segment[] = []
  const prefix = [0]
  for (const s of wordSegments(text, maxWordChars)) {
    segments.push(s)
    prefix.push((prefix.at(-1) ?? 0) + measure(text.slice(s.start, s.end)))
    if (segments.length % MEASURE_STEP === 0) yield null
  }
  const p: Packing = { text, segments, prefix, spec }
  let from = 0
  let previousEnd = -1
  while (from < segments.length) {
    let reach = reachFrom(p, from)
    // The overlap leaves no room for the next segment: start this chunk without overlap.
    if (reach <= previousEnd) reach = reachFrom(p, (from = previousEnd + 1))
    const { chunk, last } = fitted(p, from, pickEnd(p, from, reach, previousEnd), previousEnd)
    yield chunk
    if (last >= segments.length - 1) break
    previousEnd = last
    from = pickOverlapStart(p, from, last)
  }
}

const specOf = (preset: ChunkPreset | ChunkSpec) =>
  typeof preset === 'string' ? CHUNK_PRESETS[preset] : preset

/** Splits `text` into overlapping chunks; empty or blank text gives no chunks. */
export function chunkText(text: string, preset: ChunkPreset | ChunkSpec): TextChunk[] {
  const chunks: TextChunk[] = []
  for (const step of chunkSteps(text, specOf(preset))) if (step) chunks.push(step)
  return chunks
}

/**
 * Steps per slice. A step is one chunk (a token count over ~3 KB, a few ms once the
 * tokenizer's merge cache is large) or one block of segments read and measured.
 */
export const CHUNK_STEPS_PER_SLICE = 16

/**
 * chunkText for big inputs (a 2 MB text job, a long page): the same chunks, but it calls
 * `pace` after every step, which hands the isolate back every few steps. Pass one pace to
 * every call over the pieces of one document, so small pieces add up to slices too.
 */
export async function chunkTextSliced(
  text: string,
  preset: ChunkPreset | ChunkSpec,
  pace: Pace = createPace(CHUNK_STEPS_PER_SLICE),
): Promise<TextChunk[]> {
  const chunks: TextChunk[] = []
  for (const step of chunkSteps(text, specOf(preset))) {
    if (step) chunks.push(step)
    await pace()
  }
  return chunks
}
