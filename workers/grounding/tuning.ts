// Tuned constants of the grounding core, in one place, with the figures that chose them.
// Calibrated by `npm run eval -- --grounding` on the SciFact train split and on the
// off-topic questions in eval/grounding/off-topic.json (see eval/README.md).

/**
 * Relevance: the share of the question's IDF weight that the best passage contains (query
 * terms Porter-stemmed, stopwords out). Abstain below this.
 * PLACEHOLDER until calibrated.
 */
export const MIN_WEIGHTED_COVERAGE = 0.5

/** Without corpus statistics every term weighs the same; the bar is set separately. */
export const MIN_PLAIN_COVERAGE = 0.5

/** A passage joins the evidence when it covers at least this share of the best one's score. */
export const RELATIVE_PASSAGE_FLOOR = 0.6

/** Follow-ups: how many context terms a rewrite may carry, at most and when the follow-up
 * has words of its own (fewer, so the follow-up's own terms outweigh the carried ones). */
export const MAX_CARRIED_TERMS = 6
export const CARRIED_WITH_OWN_TERMS = 4
/**
 * A question with at most this many content terms is a follow-up even without a pronoun or
 * an opening like "and", "what about" ("Why?", "Sample size?"). Two already name a new topic
 * often enough ("capital of Australia") that carrying the old one would mislead retrieval.
 */
export const FOLLOW_UP_MAX_TERMS = 1

/** BM25 shape for the bm25 signal (the usual defaults) and the retriever's 3x title weight. */
export const BM25_K1 = 1.2
export const BM25_B = 0.75
export const TITLE_WEIGHT = 3
/** Content terms in an average passage (a SciFact abstract, title counted 3x). */
export const AVERAGE_PASSAGE_TERMS = 150
