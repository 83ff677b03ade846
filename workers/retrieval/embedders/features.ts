// Lexical features of a text for the offline embedder: Porter stems (the topic words),
// adjacent-stem bigrams (phrases such as "heart failure") and character trigrams of longer
// words (spelling variants: ischaemia/ischemia, tumour/tumor). Weights are sublinear in tf.
import { porterStem, contentTokens, termFrequencies } from '../../grounding'

export interface FeatureWeights {
  stem: number
  bigram: number
  /** Per trigram: a 10-letter word has 10, so 0.07 gives its trigrams ~0.22 of a stem (L2). */
  trigram: number
  /** Words shorter than this get no trigrams: short words are stems already. */
  trigramMinLength: number
}

export const DEFAULT_FEATURE_WEIGHTS: FeatureWeights = {
  stem: 1,
  bigram: 0.25,
  trigram: 0.07,
  trigramMinLength: 6,
}

function trigrams(word: string): string[] {
  const padded = `<${word}>`
  const grams: string[] = []
  for (let i = 0; i + 3 <= padded.length; i++) grams.push(padded.slice(i, i + 3))
  return grams
}

/** 1 + ln(tf): a word repeated ten times is not ten times as topical. */
function sublinear(counts: Map<string, number>, weight: number, into: Map<string, number>): void {
  for (const [key, tf] of counts) into.set(key, (into.get(key) ?? 0) + weight * (1 + Math.log(tf)))
}

/** Weighted features keyed by a typed string (s:, b:, t: prefixes keep the spaces apart). */
export function lexicalFeatures(
  text: string,
  weights = DEFAULT_FEATURE_WEIGHTS,
): Map<string, number> {
  const tokens = contentTokens(text)
  const stems = tokens.map(porterStem)
  const features = new Map<string, number>()
  sublinear(termFrequencies(stems.map((s) => `s:${s}`)), weights.stem, features)
  if (weights.bigram > 0) {
    const pairs = stems.slice(1).map((s, i) => `b:${stems[i]} ${s}`)
    sublinear(termFrequencies(pairs), weights.bigram, features)
  }
  if (weights.trigram > 0) {
    const grams = tokens
      .filter((token) => token.length >= weights.trigramMinLength)
      .flatMap((token) => trigrams(token).map((g) => `t:${g}`))
    sublinear(termFrequencies(grams), weights.trigram, features)
  }
  return features
}
