// The grounding core: the one place for evidence. Relevance and abstention, small talk,
// citation markers, source references, conversational query rewriting, the offline answer
// writer and text terms; every capability answers through it.
export {
  coverageScores,
  idf,
  judgeRelevance,
  termWeights,
  type EvidencePassage,
  type RelevanceJudgement,
  type TermStatistics,
  type TermStatisticsSource,
} from './relevance'
export { passageSignals, type EvidenceText, type PassageSignals } from './signals'
export { createTermStatisticsSource } from './term-stats'
export { isSmallTalk, smallTalkReply } from './small-talk'
export { isFollowUp, rewriteFollowUp, type ConversationTurn, type RewriteContext } from './rewrite'
export { contentTerms, splitSentences, STOP_WORDS, termOf, wordsOf, wordStemmingTo } from './terms'
export {
  checkCitations,
  citedNumbers,
  stripCitationMarkers,
  createCitationMapper,
  createMarkerFilter,
  createMarkerRewriter,
  parseMarker,
  stripReferenceMarkers,
  tidyAnswer,
  type CitationMapper,
  type MarkerRewrite,
  type MarkerRewriter,
} from './citations'
export { domainOf, sourceFieldsOf, sourceRefOf, type SourceFields } from './source-refs'
export {
  writeOfflineAnswer,
  type WriterOptions,
  type WriterPassage,
  type WrittenSentence,
} from './offline-writer'
export { abstractSentences, type AbstractSentence, type SentenceKind } from './sentence-kinds'
export { MAX_RELATED, offlineRelatedQuestions, topicPhrase } from './related'
export { abstentionAnswer } from './abstain'
export { NO_ANSWER_SENTINEL, isNoAnswerSentinel } from './sentinel'
export { MIN_DOCUMENTS_FOR_IDF } from './tuning'
export {
  attributeSentence,
  hasSourceResidue,
  leansOnContext,
  UNKNOWN_AUTHORS,
  type Attribution,
} from './standalone'
export {
  bareDoi,
  cleanTitle,
  missingFields,
  readReferenceMetadata,
  type ReferenceMetadata,
} from './reference-metadata'
export { attributionOf, INCOMPLETE_NOTE } from './csl-items'
export {
  apaReference,
  apaReferences,
  authorYearCitations,
  bibtexOf,
  type FormattedReference,
} from './references'
