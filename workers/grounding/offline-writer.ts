// The offline answer writer: whole sentences lifted verbatim from the evidence (after
// scrubbing the sources' own reference markers), each cited by its source's number. It
// prefers sentences that state findings (results, conclusions) over aims and methods, drops
// section labels, keeps one sentence per claim, and puts the one that best addresses the
// question first. Every sentence must stand on its own: none that opens by leaning on what
// came before ("However", "These results"), none with unbalanced quotes or brackets; an
// opening that only orders ("Secondly,") is cut, marked "…". attributedPieces() then presents
// them as quotations of their sources. Text from PDF pages is read as prose first: figure
// labels and table rows are never quoted, and a numbered heading run into a sentence is cut.
import { stripReferenceMarkers } from './citations'
import { termWeights, type TermStatistics } from './term-weights'
import { abstractSentences, type SentenceKind } from './sentence-kinds'
import { contentTerms } from './terms'
import { isProse, withoutRunInHeading } from './prose'

export interface WriterPassage {
  /** The citation number the sentence will carry. */
  number: number
  title: string
  text: string
}

export interface WrittenSentence {
  text: string
  number: number
  /** Its role in the source (a finding, a conclusion…), for how it is attributed. */
  kind: SentenceKind
}

export interface WriterOptions {
  stats?: TermStatistics
  maxSentences?: number
  maxPerSource?: number
}

const MIN_CHARS = 20
const MAX_CHARS = 450
/** Near-duplicate claims (two abstracts stating the same finding) share most of their terms. */
const SAME_CLAIM_OVERLAP = 0.6

/** How much a sentence's role is worth in an answer: findings first, aims never. */
const KIND_WEIGHT: Record<SentenceKind, number> = {
  conclusion: 1,
  result: 0.9,
  background: 0.55,
  method: 0.25,
  aim: 0,
}

interface Candidate extends WrittenSentence {
  score: number
  terms: Set<string>
}

/** A whole sentence: starts like one, ends with a full stop, not cut short with "…". */
function isWhole(text: string): boolean {
  return /^["“'([]?[\p{Lu}\p{N}]/u.test(text) && /[.!?]["”')\]]?$/.test(text) && !/…/.test(text)
}

/**
 * Openings that lean on an earlier sentence: connectives ("However", "Secondly", "Thus") and
 * words pointing back ("These results", "This", "They", "Such"). Out of context such a
 * sentence misleads, so it is never quoted alone.
 */
const LEANS_ON_EARLIER =
  /^["“'(]?(however|moreover|furthermore|additionally|in addition|also|thus|therefore|hence|consequently|accordingly|as a result|as such|similarly|likewise|conversely|in contrast|by contrast|on the other hand|nevertheless|nonetheless|still|yet|instead|otherwise|rather|finally|lastly|first|firstly|second|secondly|third|thirdly|next|then|meanwhile|besides|in turn|for example|for instance|in particular|specifically|again|further|taken together|together|collectively|this|these|those|that|such|it|its|they|their|them|both|neither|either|the latter|the former|the same|here|there|he|she|his|her|the (study|trial|analysis|review|authors?|results?|findings?|data|effect|difference|association|patients|participants|mice|cells))\b/i

/** Quotes and brackets that open are closed, in order. */
function isBalanced(text: string): boolean {
  const pairs: Record<string, string> = { ')': '(', ']': '[', '”': '“' }
  const open: string[] = []
  for (const ch of text) {
    if (ch === '(' || ch === '[' || ch === '“') open.push(ch)
    else if (ch in pairs && open.pop() !== pairs[ch]) return false
  }
  return open.length === 0 && (text.match(/"/g)?.length ?? 0) % 2 === 0
}

/** A sentence that can be quoted on its own. */
function standsAlone(text: string): boolean {
  return isWhole(text) && isBalanced(text) && !LEANS_ON_EARLIER.test(text)
}

/**
 * Openings that only order or stress what follows ("Secondly,", "Moreover,", "Notably,"): the
 * claim after them is the source's own, so it is quoted without them, the cut marked "…".
 * Connectives that make it a consequence or a contrast ("Thus", "However") are not cut: the
 * claim leans on what they point to.
 */
const ORDERING_OPENING =
  /^(?:moreover|furthermore|additionally|in addition|also|finally|lastly|first|firstly|second|secondly|third|thirdly|notably|importantly|interestingly|surprisingly|remarkably|indeed),\s+/i

/** The sentence as it may be quoted: whole, or cut after an ordering opening; null if neither. */
function quotable(text: string): string | null {
  if (standsAlone(text)) return text
  const opening = ORDERING_OPENING.exec(text)?.[0]
  if (!opening || !isWhole(text)) return null
  const rest = text.slice(opening.length)
  return isBalanced(rest) && !LEANS_ON_EARLIER.test(rest) ? `… ${rest}` : null
}

/** "What is autophagy?", "What are statins?": the subject a definition would open with. */
const DEFINITION_QUESTION =
  /^\s*what(?:'s|’s|\s+is|\s+are)\s+(?:an?\s+|the\s+)?([^?]{2,80}?)\s*\?*\s*$/i

/** Where a definition's subject ends: "… is a", "… are the", "… refers to". */
const COPULA = /\s(?:is|are|refers to|denotes|represents)\s\b/i

function sameTerms(a: string[], b: string[]): boolean {
  return a.length > 0 && a.length === b.length && a.every((term, i) => term === b[i])
}

/**
 * True when the sentence defines the subject: it opens with the subject, or with a name whose
 * abbreviation in brackets is the subject ("Mammalian target of rapamycin (mTOR) is …").
 */
function defines(sentence: string, subject: string[]): boolean {
  const copula = COPULA.exec(sentence)
  if (!copula || copula.index > 120) return false
  const named = sentence.slice(0, copula.index)
  const bracketed = /\(([^()]+)\)\s*$/.exec(named)?.[1] ?? ''
  return (
    sameTerms(contentTerms(named.replace(/\([^()]*\)/g, ' ')), subject) ||
    sameTerms(contentTerms(bracketed), subject)
  )
}

/** Asked what something is, a sentence saying what it is comes before every other. */
const DEFINITION_BONUS = 10

function candidates(
  query: string,
  weights: Map<string, number>,
  passages: WriterPassage[],
): Candidate[] {
  const total = [...weights.values()].reduce((a, b) => a + b, 0) || 1
  const asked = DEFINITION_QUESTION.exec(query)?.[1]
  const subject = asked ? contentTerms(asked) : []
  return passages.flatMap((passage, rank) =>
    abstractSentences(passage.text).flatMap((sentence) => {
      // An excerpt's gap mark ("… ") opens the sentence after a gap; it is not the source's.
      const whole = stripReferenceMarkers(sentence.text.replace(/^…\s*/, '')).trim()
      // PDF pages run headings into sentences and hold figure labels and table rows.
      const text = quotable(withoutRunInHeading(whole))
      if (text === null || !isProse(text) || text.length < MIN_CHARS || text.length > MAX_CHARS)
        return []
      if (text.endsWith('?')) return []
      const terms = new Set(contentTerms(text))
      let hit = 0
      for (const [term, weight] of weights) if (terms.has(term)) hit += weight
      const relevance = hit / total
      // Relevance counts twice (squared) so a finding on the question beats a finding beside
      // it; better-ranked sources break ties.
      const definition = subject.length > 0 && defines(text, subject) ? DEFINITION_BONUS : 0
      const score =
        relevance * relevance * (0.4 + KIND_WEIGHT[sentence.kind]) - rank * 0.01 + definition
      if (KIND_WEIGHT[sentence.kind] === 0 || relevance === 0) return []
      // Claims are compared on what they add beyond the question's own words.
      const added = new Set([...terms].filter((t) => !weights.has(t)))
      return [{ text, number: passage.number, kind: sentence.kind, score, terms: added }]
    }),
  )
}

function sameClaim(a: Set<string>, b: Set<string>): boolean {
  if (a.size === 0 || b.size === 0) return a.size === b.size
  let shared = 0
  for (const term of a) if (b.has(term)) shared += 1
  return shared / Math.max(1, Math.min(a.size, b.size)) >= SAME_CLAIM_OVERLAP
}

/** Sentences of the answer in order, best first; empty when no sentence addresses the query. */
export function writeOfflineAnswer(
  query: string,
  passages: WriterPassage[],
  options: WriterOptions = {},
): WrittenSentence[] {
  // One sentence per source by default: an answer quoting five sources shows the evidence
  // better than two sentences each of two (and cites the best source more often: replaying
  // the tuning claims, the gold abstract was cited in 65.7% with 5 x 1, 59.2% with 4 x 2).
  const max = options.maxSentences ?? 5
  const perSourceMax = options.maxPerSource ?? 1
  const pool = candidates(query, termWeights(query, options.stats), passages).sort(
    (a, b) => b.score - a.score,
  )
  const chosen: Candidate[] = []
  const perSource = new Map<number, number>()
  for (const candidate of pool) {
    const used = perSource.get(candidate.number) ?? 0
    if (used >= perSourceMax) continue
    if (chosen.some((c) => sameClaim(c.terms, candidate.terms))) continue
    perSource.set(candidate.number, used + 1)
    chosen.push(candidate)
    if (chosen.length === max) break
  }
  return chosen.map(({ text, number, kind }) => ({ text, number, kind }))
}

/** How a source is said to say a sentence of each kind. */
const VERB: Record<SentenceKind, string> = {
  conclusion: 'concludes',
  result: 'reports',
  background: 'notes',
  method: 'describes',
  aim: 'sets out',
}

/**
 * The sentences as answer pieces, attributed rather than said in Quire's voice: each run of
 * sentences from one source is a paragraph opened by its [n] and a verb ("[2] reports:"),
 * each sentence in quotation marks (inner double quotes become single ones).
 */
export function attributedPieces(sentences: WrittenSentence[]): string[] {
  return sentences.map((s, i) => {
    const quote = `“${s.text.replace(/“/g, '‘').replace(/”/g, '’')}”`
    const previous = sentences[i - 1]
    if (previous?.number === s.number) return ` ${quote}`
    return `${previous ? '\n\n' : ''}[${s.number}] ${VERB[s.kind]}: ${quote}`
  })
}
