// The one text stack: words as SQLite FTS5's unicode61 tokenizer splits them, Porter stems as
// its porter tokenizer stores them, stop words, word segments for the chunker, and sentences.
// Retrieval and the grounding core both read text through it, so their terms agree with the index.
export { porterStem } from './porter'
export { isScholarlyWord, isStopWord, STOP_WORDS } from './stopwords'
export {
  casedWordTokens,
  contentStems,
  contentTokens,
  foldText,
  termFrequencies,
  wordTokens,
} from './tokens'
export { wordCounts, type WordCounts } from './word-counts'
export { Boundary, isAbbreviation, segmentText, wordSegments, type Segment } from './segments'
export { splitSentences } from './sentences'
export { plainLabel } from './labels'
