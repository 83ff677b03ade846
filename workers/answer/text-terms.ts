// Text terms live in the grounding core; this keeps the answer engine's imports.
export { contentTerms, splitSentences, topicPhrase } from '../grounding'
