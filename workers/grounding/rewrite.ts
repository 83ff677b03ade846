// Conversational query rewriting: a follow-up ("what about in children?") becomes a standalone
// search query using the conversation. Offline this is deterministic: the follow-up keeps its
// own words and carries the conversation's topic, which is the standalone form of the last
// question that found something (a turn answered with an abstention carries nothing: its
// words found nothing, and must not steer later searches). With a model, the planning call
// does it (see the answer engine and the turn engine).
import { isAbstentionText } from './abstain'
import { isFamiliarWord } from './familiar'
import { startsNewSubject, withoutClaimFrame, withoutPreamble } from './preamble'
import type { TermStatistics } from './term-weights'
import { idf } from './term-weights'
import { contentTerms, isFramingTerm, termOf, wordsOf } from './terms'
import {
  CARRIED_WITH_OWN_TERMS,
  COMMON_TERM_SHARE,
  FAMILIAR_WORD_MIN_SHARE,
  FOLLOW_UP_MAX_TERMS,
  MAX_CARRIED_TERMS,
  MIN_DOCUMENTS_FOR_IDF,
} from './tuning'

export interface ConversationTurn {
  role: 'user' | 'assistant'
  content: string
  /** An assistant turn that found nothing (also read from Quire's own abstention text). */
  abstained?: boolean
}

export interface RewriteContext {
  /** Corpus statistics: rare topic words are carried before common ones. */
  stats?: TermStatistics
}

/**
 * Openings and pronouns that lean on what was said before ("this year" points at a time), and
 * nouns whose referent is unsaid ("the results", "the side effects"; "the risks of smoking"
 * names it).
 */
const LEANS_ON_CONTEXT =
  /^(and|but|so|also|or|then|what about|how about|what if|why|how come|by how much|is that|is it|is this|are they|are those|does it|does that|does this|do they|did they|was it|was that|were they|same)\b|\b(it|its|(this|these|those)(?! (year|years|week|weeks|month|months|season|decade|century|morning|evening|winter|summer)\b)|they|them|their|such|same|the (study|trial|paper|review|finding|findings|effects?|results?|outcomes?|risks|benefits|side effects|adverse effects|participants|dose|doses|mechanism)\b(?! of\b))\b|\b(too|as well|either|also|instead)[?.!]*$/i

/**
 * "that" points back only where it cannot join a clause: first, last or before its last word
 * ("Why is that?", "Which proteins govern that step?"), or after a preposition or a verb that
 * takes it as an object ("Is there evidence for that?", "How big was that trial?"). "Cities
 * that restrict construction" and "evidence that statins help" start a new question.
 */
const THAT_POINTS_BACK =
  /^that\b|\bthat(?:\s+[\w-]+)?\s*[?.!]*$|\b(?:of|about|in|on|for|with|from|to|after|before|by|than|like|into|over|under|without|despite|besides|using|is|was|are|were|does|did|do|has|had|have|would|could|can|will|should|might|may|explain|explains)\s+that\b(?! (?:year|week|month|season|decade|century)s?\b)/i

/**
 * A relation whose other side is left unsaid, at the end of the question: it is the
 * conversation's topic ("Do gut bacteria play a role?", "Are mast cells involved?", "Is there
 * a human equivalent?", "How many volunteers took part?"), or a superlative over what it
 * compared ("Which patients benefited most?").
 */
const RELATION_LEFT_OPEN =
  /\b(?:(?:play|plays|played|have|has|had) an? (?:\w+ )?(?:role|part|effect|impact|influence)|(?:is|are) there an? (?:\w+ )?(?:link|association|connection|relationship|correlation|effect|difference)|involved|implicated|responsible|linked|associated|related|connected|correlated|(?:equivalent|counterpart|homolog|homologue|ortholog|analog|analogue)s?|took part|participated|were (?:enrolled|included|recruited|randomi[sz]ed|studied|followed)|(?:most|best|least|worst))\s*[?.!]*$/i

/**
 * True when the question's own form points back (an opening, a pointer, a relation left open)
 * and no opening announces a new subject.
 */
function pointsBack(question: string): boolean {
  // "Is it true that …" frames the claim that follows; its "it" points back at nothing.
  const asked = withoutClaimFrame(question.trim())
  return (
    !startsNewSubject(asked) &&
    (LEANS_ON_CONTEXT.test(asked) || THAT_POINTS_BACK.test(asked) || RELATION_LEFT_OPEN.test(asked))
  )
}

/** True when the question reads as a continuation of the conversation, not a new topic. */
export function isFollowUp(question: string): boolean {
  // "Does the drug work?" names nothing but a study's part the conversation must supply.
  if (pointsBack(question) || pointsToNothingSaid(question)) return true
  return (
    !startsNewSubject(question) &&
    contentTerms(withoutPreamble(question)).length <= FOLLOW_UP_MAX_TERMS
  )
}

/**
 * The topic's words to carry, in the topic's own order: its most specific content words (at
 * most `limit`, those the follow-up does not already say), with a lone capital kept beside
 * the word it qualifies ("vitamin D").
 */
function carriedWords(topic: string, own: Set<string>, limit: number, stats?: TermStatistics) {
  const words = wordsOf(topic)
  const terms = words.map(termOf)
  // Without statistics: names with digits or capitals inside ("ALDH1", "FOXP3") are the most
  // specific, everyday words the least; otherwise length stands in ("supplementation" > "risk").
  const surface = new Map(words.map((w, i) => [terms[i] ?? '', w]))
  const guess = (term: string) => {
    const word = surface.get(term) ?? term
    if (/\d|\p{Lu}.*\p{Lu}/u.test(word)) return 1
    return isFamiliarWord(word) ? 0.1 : Math.min(0.9, term.length / 8)
  }
  const rarity = (term: string) =>
    stats ? idf(stats.documentFrequency(term), Math.max(1, stats.documents)) : guess(term)
  // A word framing the earlier question ("impact", "associated"), or one any study report uses
  // ("side" of "side effects", "patients"), is no part of its topic.
  const candidates = [
    ...new Set(
      terms.filter(
        (t) => t && !own.has(t) && t.length > 1 && !isFramingTerm(t) && !REPORT_TERMS.has(t),
      ),
    ),
  ]
  const kept = new Set(
    candidates
      .map((term, order) => ({ term, order, rarity: rarity(term) }))
      .sort((a, b) => b.rarity - a.rarity || a.order - b.order)
      .slice(0, limit)
      .map((c) => c.term),
  )
  const out: string[] = []
  words.forEach((word, i) => {
    const term = terms[i] ?? ''
    const qualifies = term.length === 1 && out.at(-1) === words[i - 1]
    if ((kept.has(term) || (qualifies && !own.has(term))) && !out.includes(word)) out.push(word)
  })
  return out
}

/**
 * The follow-up without its conversational opening, with the topic's words carried; without
 * them when there is nothing to carry or it does not read as a follow-up.
 */
function withTopic(asked: string, topic: string | null, stats?: TermStatistics): string {
  const question = withoutPreamble(asked)
  if (!topic || startsNewSubject(asked)) return question
  // A question that names no subject of its own ("What outcomes improved?"), or only some of
  // the topic's ("How much exercise is needed?" after exercise and depression), continues the
  // conversation's, pronoun or not.
  if (
    !isFollowUp(asked) &&
    !namesNoSubject(question, stats) &&
    !namesPartOf(topic, question, stats)
  )
    return question
  const own = new Set(contentTerms(question))
  const limit = own.size > 0 ? CARRIED_WITH_OWN_TERMS : MAX_CARRIED_TERMS
  const carried = carriedWords(topic, own, limit, stats)
  return carried.length ? withCarried(question, carried.join(' ')) : question
}

// "about" is a stop word, so the marker is never searched; a question's own parenthesis
// ("… progenitor cells (CPCs)") is no carried topic.
const CARRIED = /^(.*\S)\s+\(about: ([^()]+)\)$/s

/** A follow-up with a topic's words carried: "What about in children? (about: vitamin D)". */
export function withCarried(asked: string, carried: string): string {
  return `${asked} (about: ${carried})`
}

/** A rewritten follow-up's parts: its own question and the topic words carried into it. */
export function carriedTopicOf(query: string): { asked: string; carried: string } | null {
  const match = CARRIED.exec(query.trim())
  return match ? { asked: match[1] ?? '', carried: match[2] ?? '' } : null
}

/**
 * The answer to the question at `index`: the last assistant turn with words before the next
 * question (a turn engine stores its tool calls as assistant turns of their own, empty).
 */
function replyTo(history: ConversationTurn[], index: number): ConversationTurn | undefined {
  let reply: ConversationTurn | undefined
  for (const turn of history.slice(index + 1)) {
    if (turn.role === 'user') break
    if (turn.content.trim() || turn.abstained !== undefined) reply = turn
  }
  return reply
}

/**
 * The words the rewrite reads: the questions asked (the topic comes from them; the answers'
 * words are never carried) and the new one (does it name a subject?). Load statistics for these.
 */
export function rewriteWords(question: string, history: ConversationTurn[]): string {
  const asked = history.filter((turn) => turn.role === 'user').map((turn) => turn.content)
  return [...asked, question].join(' ')
}

/** The standalone query of the last earlier question that found something, or null. */
function conversationTopic(history: ConversationTurn[], stats?: TermStatistics): string | null {
  let topic: string | null = null
  history.forEach((turn, i) => {
    if (turn.role !== 'user') return
    const reply = replyTo(history, i)
    const foundNothing =
      reply !== undefined && (reply.abstained === true || isAbstentionText(reply.content))
    const standalone = withTopic(turn.content, topic, stats)
    if (!foundNothing && contentTerms(standalone).length > 0) topic = standalone
  })
  return topic
}

/**
 * The follow-up's own words, then the conversation topic's words it does not repeat (fewer
 * when it has words of its own, so they are not outnumbered), e.g. "What about in children?
 * (about: vitamin D bone mineral density)". A question with no history, one that starts a new
 * topic, or one whose earlier turns all found nothing carries nothing; every question comes
 * back without its conversational opening ("By the way, …").
 */
export function rewriteFollowUp(
  question: string,
  history: ConversationTurn[],
  context: RewriteContext = {},
): string {
  return withTopic(question, conversationTopic(history, context.stats), context.stats)
}

/**
 * True when none of the question's words names a subject: each is an everyday word or one
 * the corpus uses everywhere ("What proteins do they contain?"). Without statistics only
 * everyday words count as naming nothing.
 */
function namesNoSubject(question: string, stats?: TermStatistics): boolean {
  return !wordsOf(question).some((word) => namesSubject(word, stats))
}

/**
 * True when the question repeats some of the topic's subjects and adds nothing but words the
 * library uses everywhere, framing terms and the words of any study report: it asks about part
 * of what was being discussed ("How much exercise is needed?" after exercise and depression).
 * An everyday word the library uses less often adds a subject here ("Does exercise improve
 * sleep?" is a question of its own).
 */
function namesPartOf(topic: string, question: string, stats?: TermStatistics): boolean {
  const topical = new Set(
    wordsOf(topic)
      .filter((w) => namesSubject(w, stats))
      .map(termOf),
  )
  const repeated = new Set<string>()
  for (const word of wordsOf(question)) {
    const term = termOf(word)
    if (!term || isFramingTerm(term) || REPORT_TERMS.has(term)) continue
    if (topical.has(term)) repeated.add(term)
    else if (addsSubject(word, stats)) return false
  }
  return repeated.size > 0 && repeated.size < topical.size
}

/** True when a word beside a topic's own adds a subject: anything but a word used everywhere. */
function addsSubject(word: string, stats?: TermStatistics): boolean {
  if (!stats || stats.documents < MIN_DOCUMENTS_FOR_IDF) return !isFamiliarWord(word)
  return stats.documentFrequency(termOf(word)) / stats.documents < COMMON_TERM_SHARE
}

/**
 * True when the word names a subject: neither a stop word nor one the library uses everywhere
 * nor an everyday word it uses often ("improved", "hours"). An everyday word the library
 * hardly uses names one ("kitchen knives"). Without statistics: any but an everyday word.
 */
function namesSubject(word: string, stats?: TermStatistics): boolean {
  const term = termOf(word)
  if (!term) return false
  // Shares of a handful of documents say nothing about how common a word is.
  if (!stats || stats.documents < MIN_DOCUMENTS_FOR_IDF) return !isFamiliarWord(word)
  const share = stats.documentFrequency(term) / stats.documents
  if (share >= COMMON_TERM_SHARE) return false
  return !isFamiliarWord(word) || share < FAMILIAR_WORD_MIN_SHARE
}

/**
 * True when the question leans on an earlier one that found nothing and names no subject of
 * its own ("What proteins do they contain?" after a question the library does not cover):
 * nothing it could be searched for is known, so the answer must say so rather than search
 * its everyday words. A follow-up that names its own subject ("What about malaria?") is
 * searched for it; one whose conversation found something carries that topic instead.
 */
export function leansOnNothingFound(
  question: string,
  history: ConversationTurn[],
  context: RewriteContext = {},
): boolean {
  if (!history.some((turn) => turn.role === 'user') || !isFollowUp(question)) return false
  if (conversationTopic(history, context.stats) !== null) return false
  // Words alone settle it for a question naming only a study's part ("Does the drug work?"),
  // whatever share of the library uses them.
  return pointsToNothingSaid(question) || namesNoSubject(question, context.stats)
}

/**
 * Words any report of a study uses, whatever it is about ("results", "participants",
 * "significant"): with everyday words and framing terms ("effect"), they ask about a study
 * without naming its subject.
 */
const REPORT_TERMS: ReadonlySet<string> = new Set(
  (
    'result finding outcome risk benefit side adverse participant patient subject sample ' +
    'treatment dose significant data evidence trial study group difference change improvement ' +
    'enrolled recruited drug intervention therapy cohort experiment analysis author ' +
    'researcher investigator limitation conclusion conclude randomized randomised ' +
    'effective efficacy recommend recommendation dosage'
  )
    .split(' ')
    .map(termOf),
)

/**
 * A study's part named as if already known ("Does the drug work?", "What are the
 * limitations?", "What dose is recommended?"), unless what follows names its object ("the
 * treatment for back pain", "the limitations of randomized trials"). It points back only in a
 * question naming nothing else (pointsToNothingSaid): "Does the drug metformin work?" is a
 * question of its own.
 */
const NAMES_AN_UNSAID_STUDY =
  /\b(?:the|what|which) (?:[\w-]+ )?(?:drugs?|doses?|dosages?|treatments?|interventions?|therap(?:y|ies)|cohorts?|experiments?|analys[ie]s|authors|researchers|investigators|limitations?|conclusions?|patients|subjects|groups?|samples?)\b(?! (?:of|for|in|on|with|against|to|from|at|among|between)\b)/i

/**
 * What a study found, asked of one not named ("Were there side effects?", "Any benefit?"):
 * in a question naming nothing else, these ask about the conversation's study. ("effective"
 * is left out: it stems as "effect", a framing term of questions that name their subject.)
 */
const FOUND_TERMS: ReadonlySet<string> = new Set(
  'side adverse benefit risk difference significant efficacy'.split(' ').map(termOf),
)

/**
 * True for a question that points back, or asks what an unnamed study found, and names no
 * subject of its own ("Were the results significant?", "Which treatment works best?", "Were
 * there side effects?"). Mid-conversation it is a follow-up; asked first, there is nothing it
 * could be searched for, and word statistics would answer it from whatever papers use its
 * common words. Judged by the words alone, never by a library's statistics: in a library on
 * statins every paper says "statin", yet "Which statin works best?" names one.
 */
export function pointsToNothingSaid(question: string): boolean {
  const words = wordsOf(withoutPreamble(question))
  const namesNothing = words.every((word) => {
    const term = termOf(word)
    return !term || isFamiliarWord(word) || isFramingTerm(term) || REPORT_TERMS.has(term)
  })
  if (!namesNothing) return false
  return (
    pointsBack(question) ||
    NAMES_AN_UNSAID_STUDY.test(question) ||
    words.some((word) => FOUND_TERMS.has(termOf(word)))
  )
}
