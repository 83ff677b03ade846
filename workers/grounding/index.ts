// The grounding core: the one place for evidence. Relevance and abstention, small talk,
// citation markers, source references, conversational query rewriting, the offline answer
// writer and text terms (the one text stack retrieval reads text through too); every
// capability answers through it.
export { judgeRelevance, type EvidencePassage, type RelevanceJudgement } from './relevance'
export {
  coverageScores,
  idf,
  termWeights,
  type TermStatistics,
  type TermStatisticsSource,
} from './term-weights'
export { EVIDENCE_PASSAGE_CHARS, evidencePassage, type PassageOptions } from './evidence-passage'
export { querySignals, type QuerySignals } from './query-signals'
export { passageSignals, type EvidenceText, type PassageSignals } from './signals'
export { createTermStatisticsSource } from './term-stats'
export { librarySpelling, respellForLibrary } from './library-spelling'
export { isSmallTalk, smallTalkReply } from './small-talk'
export { startsNewSubject, withoutPreamble } from './preamble'
export {
  carriedTopicOf,
  isFollowUp,
  leansOnNothingFound,
  pointsToNothingSaid,
  rewriteFollowUp,
  rewriteWords,
  type ConversationTurn,
  type RewriteContext,
} from './rewrite'
export { contentTerms, isFramingTerm, QUERY_STOP_WORDS, termOf, wordsOf } from './terms'
export {
  absentSubject,
  subjectChangeNote,
  subjectLeftTo,
  coverageGap,
  coverageGapNote,
  followUpGap,
  type CoverageGap,
} from './coverage-gap'
export { respellQuery, type IndexTerm, type SpellingLookups } from './spelling'
export {
  Boundary,
  contentStems,
  contentTokens,
  foldText,
  isScholarlyWord,
  isStopWord,
  porterStem,
  segmentText,
  plainLabel,
  splitSentences,
  termFrequencies,
  wordCounts,
  wordSegments,
  wordTokens,
  type Segment,
  type WordCounts,
} from './text'
export {
  checkCitations,
  citedNumbers,
  stripCitationMarkers,
  createCitationMapper,
  createMarkerFilter,
  createMarkerRewriter,
  markerSpans,
  parseMarker,
  stripReferenceMarkers,
  tidyAnswer,
  type CitationMapper,
  type MarkerRewrite,
  type MarkerRewriter,
  type MarkerSpan,
} from './citations'
export { domainOf, sourceFieldsOf, sourceRefOf, type SourceFields } from './source-refs'
export {
  attributedPieces,
  writeOfflineAnswer,
  type WriterOptions,
  type WriterPassage,
  type WrittenSentence,
} from './offline-writer'
export { abstractSentences, type AbstractSentence, type SentenceKind } from './sentence-kinds'
export { isProse, withoutRunInHeading } from './prose'
export { MAX_RELATED, offlineRelatedQuestions, topicPhrase } from './related'
export {
  abstentionAnswer,
  askAbstention,
  documentsAbstention,
  isAbstentionText,
  NO_SUBJECT_REASON,
  UNSAID_SUBJECT_REASON,
  type AbstentionContext,
} from './abstain'
export {
  fallbackOf,
  modeReport,
  retrievalFallback,
  type FallbackEntry,
  type ModeReport,
  type ResultMode,
  type StageFallback,
} from './mode'
export { anythingMatches, judgeForReader } from './any-match'
export { fallbackWords, stageWords } from './stage-words'
export { apaInlineHtml } from './apa-inline'
export { NO_ANSWER_SENTINEL, isNoAnswerSentinel } from './sentinel'
export { createSentinelGate, type SentinelGate } from './sentinel-gate'
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
