// Tuned constants of the grounding core, in one place, with the figures that chose them.
// Calibrated with `npm run eval -- --data <scifact> --split train --grounding --samples f`
// on the SciFact train split (809 claims, 5,228 chunks) and on the 55 off-topic questions of
// eval/grounding/off-topic.json that are not small talk (see eval/README.md).

/**
 * Relevance with corpus statistics: a passage addresses the question when BOTH
 * - its saturated BM25 (signals.ts) reaches this share of the question's ceiling, and
 * - the question weight it matches is worth MIN_MATCHED_RARE_TERMS terms that occur in a
 *   single passage (IDF 8.16 at 5,228 chunks, so the bar is 9.0 there; it scales with the
 *   corpus, so small knowledge bases are not held to a big corpus's numbers).
 * Grid on train (bm25 bar, matched-weight bar -> claims answered / off-topic abstained):
 *   0.40, 9.0 -> 57.8% / 94.5%    0.36, 9.0 -> 66.1% / 90.9%    0.33, 9.0 -> 73.5% / 89.1%
 *   0.33, 8.0 -> 73.9% / 87.3%    0.30, 11  -> 77.3% / 87.3%    0.25, 11  -> 83.8% / 85.5%
 * Single signals for comparison at ~90% off-topic abstention: BM25 share alone 58.5% of
 * claims answered; IDF-weighted coverage alone 25.7%; best-sentence coverage 16.6%. Chosen:
 * 0.33 and 1.1 units (9.0 at SciFact scale): most claims answered at ~89% abstention, and a
 * bar of about two specific words, which short real questions can still meet.
 */
export const MIN_BM25_SHARE = 0.33
export const MIN_MATCHED_RARE_TERMS = 1.1

/**
 * ...and one sentence of it (or its title) must hold this much of the question's weight on
 * its own, in the same unit: the question's words meet there, not only somewhere in the
 * passage. Grid on train over the passages judged relevant by the two bars above (bar ->
 * off-topic still answered of 64 / claims answered of 809): none 6 / 597, 0.7 6 / 597,
 * 0.8 4 / 593, 0.9 4 / 590, 1.0 4 / 585, 1.2 4 / 561, 1.4 3 / 520. Chosen: 0.8, the knee
 * (two off-topic answers fewer for four claims).
 */
export const MIN_SENTENCE_RARE_TERMS = 0.8

/**
 * Without usable statistics (none given, or a corpus too small for IDF to mean much) every
 * term weighs the same and the bar is plain term coverage of one passage. On train, plain
 * coverage 0.55 answers 76.3% of claims and abstains on 74.5% of off-topic questions (0.45:
 * 88.5% / 49.1%).
 */
export const MIN_PLAIN_COVERAGE = 0.55
export const MIN_DOCUMENTS_FOR_IDF = 50

/** A passage joins the evidence when it scores at least this share of the best one. */
export const RELATIVE_PASSAGE_FLOOR = 0.6

/** BM25 shape for the bm25 signal (the usual defaults) and the retriever's 3x title weight. */
export const BM25_K1 = 1.2
export const BM25_B = 0.75
export const TITLE_WEIGHT = 3
/** Content terms in an average passage (a SciFact abstract, title counted 3x). */
export const AVERAGE_PASSAGE_TERMS = 150

/**
 * Follow-ups: how many context terms a rewrite may carry, at most (a bare "Why?") and when
 * the follow-up has words of its own (fewer, so its own terms are not outnumbered).
 */
export const MAX_CARRIED_TERMS = 6
export const CARRIED_WITH_OWN_TERMS = 4
/**
 * A question with at most this many content terms is a follow-up even without a pronoun or
 * an opening like "and", "what about" ("Why?", "Sample size?"). Two already name a new topic
 * often enough ("capital of Australia") that carrying the old one would mislead retrieval.
 */
export const FOLLOW_UP_MAX_TERMS = 1
