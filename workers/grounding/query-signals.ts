// Query-performance-prediction signals: how well the retrieved evidence, taken together,
// covers the question, each scaled to [0, 1] by what the question itself could reach (so a
// one-word topic and a twenty-word claim are judged on the same scale). Combined by the
// fitted model in tuning.ts; the fit and its figures are in eval/grounding/fit.ts.
import { isFamiliarWord } from './familiar'
import { idf, termWeights, type TermStatistics } from './term-weights'
import { passageSignals, type EvidenceText, type PassageSignals } from './signals'
import { contentTerms, termOf, wordsOf } from './terms'
import { RELEVANCE_MODEL } from './tuning'

export interface QuerySignals {
  /** Share of the question's distinct terms that the corpus never uses. */
  unseen: number
  /** Share of the question's distinct terms that are everyday words (familiar.ts). */
  familiar: number
  /** The best passage's share of the question's IDF weight (title and text). */
  coverage: number
  /** The best passage's saturated BM25 over the question's ceiling. */
  bm25: number
  /** The best single sentence's (or title's) share of the question's weight. */
  sentence: number
  /** Weighted information gain: the mean BM25 share of the top passages. */
  wig: number
  /** Normalised query commitment: the spread of the top passages' BM25 shares. */
  nqc: number
  /**
   * Query clarity on the question's own terms: how much more often they occur in the
   * passages than in the corpus (KL contribution per term, over its ceiling).
   */
  clarity: number
  /** The question's mean IDF over the largest IDF the corpus allows (how specific it is). */
  specificity: number
  /** Share of the question's weight held by its single most specific term. */
  focus: number
  /** The top passages' mean title share of the question's weight (titles name a paper's subject). */
  title: number
  /** The IDF of the rarest question term the corpus uses, over the largest IDF it allows. */
  rarest: number
  /**
   * `coverage` times ln(1 + the question's term count): one passage holding most of a
   * ten-term claim is far stronger evidence than one holding one of two words, which chance
   * alone often gives.
   */
  coverageBreadth: number
  /** `sentence` times ln(1 + the question's term count), for the same reason. */
  sentenceBreadth: number
  /**
   * Share of the question's neighbouring term pairs that stand side by side in a top passage
   * ("stem cells", "smoking cessation"): a phrase met as written, where chance puts two
   * everyday words in one abstract far apart. A one-term question is its own phrase.
   */
  phrase: number
  /** Mean share of the question's weight held by each top passage: how widely it is covered. */
  support: number
}

/** Passages the top-k signals look at: the engines show a model about this many. */
const TOP_K = 5

function mean(xs: number[]): number {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0
}

function spread(xs: number[]): number {
  const m = mean(xs)
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)))
}

/** Query clarity over the question's terms, scaled by its value if every passage held them all. */
function clarityOf(
  weights: Map<string, number>,
  passages: EvidenceText[],
  stats: TermStatistics,
): number {
  if (passages.length === 0 || weights.size === 0) return 0
  const documents = Math.max(stats.documents, 1)
  const termSets = passages.map((p) => new Set(contentTerms(`${p.title} ${p.text}`)))
  let kl = 0
  let ceiling = 0
  for (const term of weights.keys()) {
    const background = (stats.documentFrequency(term) + 0.5) / (documents + 1)
    const found = termSets.filter((s) => s.has(term)).length / termSets.length
    if (found > 0) kl += found * Math.log(found / background)
    ceiling += Math.log(1 / background)
  }
  return ceiling > 0 ? Math.max(0, kl / ceiling) : 0
}

/** Neighbouring pairs of terms in a passage, as "a b" keys. */
function neighbourPairs(text: string): Set<string> {
  const terms = contentTerms(text)
  const pairs = new Set<string>()
  for (let i = 1; i < terms.length; i++) pairs.add(`${terms[i - 1]} ${terms[i]}`)
  return pairs
}

/** Share of the question's neighbouring term pairs found side by side in some passage. */
function phraseShare(query: string, passages: EvidenceText[]): number {
  const terms = contentTerms(query)
  const wanted = new Set<string>()
  for (let i = 1; i < terms.length; i++)
    if (terms[i - 1] !== terms[i]) wanted.add(`${terms[i - 1]} ${terms[i]}`)
  if (wanted.size === 0) {
    const only = terms[0]
    return only && passages.some((p) => contentTerms(`${p.title} ${p.text}`).includes(only)) ? 1 : 0
  }
  const found = new Set<string>()
  for (const p of passages)
    for (const pair of [...neighbourPairs(p.title), ...neighbourPairs(p.text)])
      if (wanted.has(pair)) found.add(pair)
  return found.size / wanted.size
}

/** The question's terms whose word (as first written) is an everyday word. */
function familiarTerms(query: string): Set<string> {
  const seen = new Set<string>()
  const familiar = new Set<string>()
  for (const word of wordsOf(query)) {
    const term = termOf(word)
    if (!term || seen.has(term)) continue
    seen.add(term)
    if (isFamiliarWord(word)) familiar.add(term)
  }
  return familiar
}

/**
 * The signals of `query` over its passages. `everyday` is the part of the query whose everyday
 * words count against it (default: all of it; a follow-up's own words are everyday by nature,
 * "what about in children?", and its carried topic anchors it).
 */
export function querySignals(
  query: string,
  passages: EvidenceText[],
  stats: TermStatistics,
  everyday: string = query,
): { query: QuerySignals; passages: PassageSignals[] } {
  const weights = termWeights(query, stats)
  const each = passages.map((p) => passageSignals(weights, p))
  const top = [...each].sort((a, b) => b.bm25 - a.bm25).slice(0, TOP_K)
  const best = top[0] ?? { coverage: 0, bm25: 0, sentence: 0, title: 0 }
  const terms = [...weights.keys()]
  const ceilingIdf = idf(0, Math.max(stats.documents, 1))
  const total = [...weights.values()].reduce((a, b) => a + b, 0)
  const sentence = Math.max(0, ...each.map((s) => s.sentence))
  const breadth = Math.log1p(terms.length)
  return {
    query: {
      unseen: terms.length
        ? terms.filter((t) => stats.documentFrequency(t) === 0).length / terms.length
        : 0,
      familiar: terms.length ? familiarTerms(everyday).size / terms.length : 0,
      coverage: best.coverage,
      bm25: best.bm25,
      sentence,
      wig: mean(top.map((s) => s.bm25)),
      nqc: spread(top.map((s) => s.bm25)),
      clarity: clarityOf(weights, passages.slice(0, TOP_K), stats),
      specificity: ceilingIdf > 0 ? mean([...weights.values()]) / ceilingIdf : 0,
      focus: total > 0 ? Math.max(...weights.values()) / total : 0,
      title: mean(top.map((s) => s.title)),
      rarest:
        ceilingIdf > 0
          ? Math.max(
              0,
              ...terms
                .filter((t) => stats.documentFrequency(t) > 0)
                .map((t) => weights.get(t) ?? 0),
            ) / ceilingIdf
          : 0,
      coverageBreadth: best.coverage * breadth,
      sentenceBreadth: sentence * breadth,
      phrase: phraseShare(query, passages.slice(0, TOP_K)),
      support: mean(top.map((s) => s.coverage)),
    },
    passages: each,
  }
}

/** The fitted model's probability that the corpus covers the question (tuning.ts). */
export function relevanceProbability(signals: QuerySignals): number {
  let z: number = RELEVANCE_MODEL.bias
  for (const [name, weight] of Object.entries(RELEVANCE_MODEL.weights))
    z += weight * signals[name as keyof QuerySignals]
  return 1 / (1 + Math.exp(-z))
}
