// The evidence map for one claim over the sources search returned: per source its stance and
// the sentences behind it, and the verdict they add up to. With a model, one structured call
// judges every source (and drops those beside the point); offline, or when that call fails,
// word statistics pick the sentences and only rules precise enough show a stance.
import { abstractSentences, type TermStatistics } from '../grounding'
import type { ChatModel } from '../llm'
import { judgeStancesWithModel } from './model-stance'
import { offlineStance } from './offline-stance'
import { rationaleSentences } from './rationale'
import type { ClaimEvidence, StanceJudge, Verdict } from './types'
import { verdictOf } from './verdict'

export interface MapSource<Source> {
  source: Source
  title: string
  /** The text the sentence indices refer to (a library record's abstract, else its passage). */
  text: string
}

export interface MapFallback {
  stage: string
  reason: string
}

export interface EvidenceMap<Source> {
  verdict: Verdict
  evidence: ClaimEvidence<Source>[]
  /** Who set the stances: the model, or the offline rules (then every stance is estimated). */
  stance_judge: StanceJudge
  fallbacks: MapFallback[]
}

export interface MapInput<Source> {
  claim: string
  sources: MapSource<Source>[]
  /** The model that judges stances; none: the offline rules. */
  model?: ChatModel | null
  stats?: TermStatistics
  signal: AbortSignal
  /** Turns a failure into the reason a fallback gives. */
  describeFailure: (error: unknown) => string
}

/** Supports first, then contradicts, then unlabelled; within each, the search's order. */
const STANCE_ORDER = { supports: 0, contradicts: 1, unlabelled: 2 } as const

function finish<Source>(
  evidence: ClaimEvidence<Source>[],
  judge: StanceJudge,
  fallbacks: MapFallback[],
): EvidenceMap<Source> {
  const ordered = evidence
    .map((item, i) => ({ item, i }))
    .sort((a, b) => STANCE_ORDER[a.item.stance] - STANCE_ORDER[b.item.stance] || a.i - b.i)
    .map(({ item }) => item)
  return {
    verdict: verdictOf(ordered.map((e) => e.stance)),
    evidence: ordered,
    stance_judge: judge,
    fallbacks,
  }
}

function offlineMap<Source>(
  input: MapInput<Source>,
  fallbacks: MapFallback[],
): EvidenceMap<Source> {
  const evidence: ClaimEvidence<Source>[] = []
  for (const { source, text } of input.sources) {
    const rationale = rationaleSentences(input.claim, text, input.stats)
    // A source none of whose sentences speaks to the claim is not evidence about it.
    if (rationale.length === 0) continue
    const stance = offlineStance(input.claim, rationale)
    evidence.push({
      source,
      ...stance,
      rationale: rationale.map(({ text: said, sentence_index }) => ({
        text: said,
        sentence_index,
      })),
    })
  }
  return finish(evidence, 'rules', fallbacks)
}

async function modelMap<Source>(
  input: MapInput<Source>,
  model: ChatModel,
): Promise<EvidenceMap<Source>> {
  const split = input.sources.map((s) => abstractSentences(s.text).map((sentence) => sentence.text))
  const candidates = input.sources.map((s, i) => ({ title: s.title, sentences: split[i] ?? [] }))
  const judged = await judgeStancesWithModel(model, input.claim, candidates, input.signal)
  const evidence = judged.map((j): ClaimEvidence<Source> => {
    const sentences = split[j.candidate] ?? []
    const picked = j.sentences.length
      ? j.sentences
      : // "About the claim" without sentences named: quote what the word statistics find.
        rationaleSentences(input.claim, input.sources[j.candidate]?.text ?? '', input.stats).map(
          (r) => r.sentence_index,
        )
    return {
      source: (input.sources[j.candidate] as MapSource<Source>).source,
      stance: j.stance,
      confidence: j.confidence,
      rationale: picked.flatMap((i) => {
        const said = sentences[i]
        return said ? [{ text: said, sentence_index: i }] : []
      }),
    }
  })
  return finish(evidence, 'model', [])
}

export async function mapEvidence<Source>(input: MapInput<Source>): Promise<EvidenceMap<Source>> {
  if (input.sources.length === 0) return finish([], input.model ? 'model' : 'rules', [])
  if (!input.model) return offlineMap(input, [])
  try {
    return await modelMap(input, input.model)
  } catch (error) {
    if (input.signal.aborted) throw error
    const reason = `${input.describeFailure(error)}; stances estimated by the offline rules`
    return offlineMap(input, [{ stage: 'claims.stance', reason }])
  }
}
