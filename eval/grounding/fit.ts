// `npm run eval -- --grounding-fit --data <SciFact folder> [--reuse <label>] [--samples <file>]`:
// fits the relevance model of workers/grounding/tuning.ts. Every question of the sets' tuning
// parts goes through the corpus search provider the route uses (createCorpusSearch over
// Quire's index of the same corpus, with the same evidence passages and term statistics) and
// the judge's own signal function (querySignals); a logistic regression then separates the
// questions the corpus covers (claims, topics) from those it does not (off-topic). The
// held-out parts are scored with the fitted weights, never fitted on. Figures that count
// come from the route (`--grounding`); these are for choosing.
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import {
  createTermStatisticsSource,
  isSmallTalk,
  querySignals,
  termWeights,
  type QuerySignals,
  type TermStatistics,
} from '../../workers/grounding'
import { createCorpusSearch } from '../../workers/retrieval'
import { LIBRARY_NAMESPACE } from '../../workers/namespaces'
import type { IndexedCorpus } from '../pipeline'
import { mapConcurrent, offlineRetriever } from '../pipeline'
import { fitLogistic, type LogisticModel } from './logistic'
import { partOf, readSets, type Part, type SetName } from './sets'

export interface Sample {
  set: SetName
  id: string
  part: Part
  q: string
  /** 1: the corpus covers it (claims, topics); 0: it does not (off-topic). */
  label: 0 | 1
  signals: QuerySignals
  /** Per result: a gold abstract? (claims only). */
  gold: boolean[]
  /** What the signals were computed from, so a changed signal can be recomputed offline. */
  passages: { title: string; text: string }[]
  documents: number
  /** Document frequency of each of the question's terms. */
  df: Record<string, number>
}

/** Statistics as the sample recorded them. */
function recordedStats(sample: Sample): TermStatistics {
  return { documents: sample.documents, documentFrequency: (t) => sample.df[t] ?? 0 }
}

/** The sample's signals recomputed by the current signal code (no index needed). */
export function recompute(sample: Sample): Sample {
  const stats = recordedStats(sample)
  return { ...sample, signals: querySignals(sample.q, sample.passages, stats).query }
}

/**
 * The signals the model combines: coverage, the share of everyday words and how rare the
 * question's words are in the corpus (chosen by forward selection over all of QuerySignals),
 * coverage and sentence share weighed by how many terms the question has, whether the
 * question's words stand side by side in a passage and how many top passages hold them
 * (chosen by the cross-validation below; workers/grounding/tuning.ts has the figures).
 * Weighted information gain, query commitment, clarity, title share, the rarest term, the
 * passage's BM25 share or the share of words the corpus never uses changed no figure by more
 * than a point.
 */
export const MODEL_FEATURES: (keyof QuerySignals)[] = [
  'coverage',
  'familiar',
  'specificity',
  'coverageBreadth',
  'sentenceBreadth',
  'phrase',
  'support',
]

/** The targets: claims and topics answered, off-topic questions abstained. */
const TARGETS = { claims: 0.9, topics: 0.9, offTopic: 0.95 } as const

export async function collectSamples(
  index: IndexedCorpus,
  log: (m: string) => void,
): Promise<Sample[]> {
  const sets = readSets()
  const termStats = createTermStatisticsSource(index.db, [LIBRARY_NAMESPACE])
  const retriever = offlineRetriever(index)
  const search = createCorpusSearch(retriever, [LIBRARY_NAMESPACE], termStats)
  const items = (['claims', 'topics', 'offTopic'] as const).flatMap((set) =>
    sets[set].filter((q) => !isSmallTalk(q.q)).map((q) => ({ set, ...q })),
  )
  const goldIds = (gold: string[]) =>
    new Set([...index.documentIds].filter(([, doc]) => gold.includes(doc)).map(([src]) => src))
  let done = 0
  return mapConcurrent(items, 4, async (item): Promise<Sample> => {
    const results = await search.search(item.q, { limit: 10 })
    const stats = await termStats(item.q)
    const passages = results.map((r) => ({ title: r.title, text: r.snippet }))
    const weights = termWeights(item.q, stats)
    const signals = querySignals(item.q, passages, stats).query
    const gold = goldIds(item.gold)
    if (++done % 100 === 0) log(`  ${done}/${items.length} questions`)
    return {
      set: item.set,
      id: item.id,
      part: partOf(item.set, item.id),
      q: item.q,
      label: item.set === 'offTopic' ? 0 : 1,
      signals,
      gold: results.map((r) => gold.has(r.sourceId ?? '')),
      passages,
      documents: stats.documents,
      df: Object.fromEntries([...weights.keys()].map((t) => [t, stats.documentFrequency(t)])),
    }
  })
}

type Rates = Record<keyof typeof TARGETS, number>

/** Each sample's set with the model's probability that the corpus covers it, scored once. */
type Scored = { set: SetName; p: number }

const scored = (samples: Sample[], model: LogisticModel<QuerySignals>): Scored[] =>
  samples.map((s) => ({ set: s.set, p: model.predict(s.signals) }))

/** Claims and topics answered, off-topic questions abstained, at `bar`. */
function ratesAt(items: Scored[], bar: number): Rates {
  const share = (set: keyof Rates, answered: boolean) => {
    const of = items.filter((s) => s.set === set)
    return of.filter((s) => s.p >= bar === answered).length / Math.max(1, of.length)
  }
  return {
    claims: share('claims', true),
    topics: share('topics', true),
    offTopic: share('offTopic', false),
  }
}

const pct = (rate: number) => `${(100 * rate).toFixed(1)}%`

const describeRates = (r: Rates) =>
  `claims answered ${pct(r.claims)}, topics answered ${pct(r.topics)}, ` +
  `off-topic abstained ${pct(r.offTopic)}`

/**
 * The bar with the widest margin over the nearest target: a bar that answers more claims
 * lets more off-topic questions through, so it sits where the worst-off figure is best.
 * Ties go to the higher bar (abstaining is the safer error).
 */
function marginBar(samples: Sample[], model: LogisticModel<QuerySignals>): number {
  const items = scored(samples, model)
  let best = { bar: 0.5, margin: -Infinity }
  for (let step = 1; step < 100; step++) {
    const bar = step / 100
    const rates = ratesAt(items, bar)
    const margin = Math.min(
      ...(Object.keys(TARGETS) as (keyof Rates)[]).map((k) => rates[k] - TARGETS[k]),
    )
    if (margin >= best.margin) best = { bar, margin }
  }
  return best.bar
}

const FOLDS = 5
const REPEATS = 8

/**
 * Cross-validation within the tuning part, for choosing signals without the held-out part:
 * each fold is fitted on the rest, its bar set by the same margin rule, and scored. Folds come
 * from a hash of the id and the repeat, so the figures are the same on every run.
 */
function crossValidated(tune: Sample[], features: (keyof QuerySignals)[]): string {
  const decided: Scored[] = []
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    const foldOf = (s: Sample) =>
      Number.parseInt(
        createHash('sha256').update(`${repeat}:${s.set}:${s.id}`).digest('hex').slice(0, 8),
        16,
      ) % FOLDS
    for (let fold = 0; fold < FOLDS; fold++) {
      const train = tune.filter((s) => foldOf(s) !== fold)
      const model = fitLogistic(train, features)
      const bar = marginBar(train, model)
      // Shifted so the pooled rates below can use one bar for every fold.
      for (const item of scored(
        tune.filter((s) => foldOf(s) === fold),
        model,
      ))
        decided.push({ set: item.set, p: item.p - bar })
    }
  }
  return describeRates(ratesAt(decided, 0))
}

/** Answered / abstained shares per set and part at a probability bar. */
function figures(samples: Sample[], model: LogisticModel<QuerySignals>, bar: number): string {
  const parts: Part[] = ['tune', 'held-out']
  return parts
    .map((part) => {
      const rates = ratesAt(
        scored(
          samples.filter((s) => s.part === part),
          model,
        ),
        bar,
      )
      return `${part}: ${describeRates(rates)}`
    })
    .join(' | ')
}

export function fitAndReport(
  samples: Sample[],
  out: (s: string) => void,
  features: (keyof QuerySignals)[] = MODEL_FEATURES,
): LogisticModel<QuerySignals> {
  // Each set weighs alike within its label: the targets are per set, and claims outnumber
  // topic questions four to one.
  const tune = samples.filter((s) => s.part === 'tune').map((s) => ({ ...s, group: s.set }))
  const model = fitLogistic(tune, features)
  const weights = Object.entries(model.weights).map(([k, v]) => `${k}: ${v.toFixed(3)}`)
  out(`weights ${weights.join(', ')}, bias ${model.bias.toFixed(3)}`)
  out(`${FOLDS}-fold cross-validation in the tuning part (${REPEATS} repeats):`)
  out(`  ${crossValidated(tune, features)}`)
  const bar = marginBar(tune, model)
  out(`bar ${bar.toFixed(2)} (the widest margin over the targets in the tuning part):`)
  out(`  ${figures(samples, model, bar)}`)
  for (const b of [0.5, 0.6, 0.7, 0.8, 0.9]) out(`bar ${b}: ${figures(samples, model, b)}`)
  return model
}

export async function runFit(input: {
  index: IndexedCorpus
  samplesFile?: string
  log: (m: string) => void
}): Promise<void> {
  const samples = await collectSamples(input.index, input.log)
  if (input.samplesFile) writeFileSync(input.samplesFile, JSON.stringify(samples))
  fitAndReport(samples, (s) => process.stdout.write(`${s}\n`))
}

/** Refits from recorded samples, recomputing their signals with the current code. */
export function refitFromSamples(file: string): void {
  const samples = (JSON.parse(readFileSync(file, 'utf8')) as Sample[]).map(recompute)
  fitAndReport(samples, (s) => process.stdout.write(`${s}\n`))
}
