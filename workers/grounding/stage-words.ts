// The words a reader sees for a fallback's stage: stage ids ("retrieval.plan", "query_rewrite")
// are the API's contract, never text for people. Dependency-free, so the web view imports this
// same table (web/src/papers/words.ts) and the server's status lines read as its notices do.

/** Stage ids every capability records, in words that need no knowledge of the pipeline. */
const STAGE_WORDS: Readonly<Record<string, string>> = {
  'retrieval.plan': 'Planning the search',
  'retrieval.vector': 'Searching by meaning',
  'retrieval.bm25': 'Searching by keywords',
  'retrieval.feedback': 'Widening the search',
  'retrieval.rerank': 'Ranking the passages',
  'search.web': 'Web search',
  'search.academic': 'Scholarly search',
  'search.library': 'Library search',
  'search.arxiv': 'arXiv search',
  'search.crossref': 'Crossref search',
  'search.evidence': 'Finding evidence',
  query_rewrite: 'Rewriting the search',
  rewrite: 'Rewriting the question',
  plan: 'Planning the search',
  search: 'Searching sources',
  prioritize_sources: 'Ranking sources',
  relevance: 'Judging relevance',
  synthesize: 'Writing the answer',
  answer: 'Writing the answer',
  related_questions: 'Suggesting related questions',
  enrich_images: 'Adding visuals',
  format_output: 'Formatting',
  brain: 'Paper Brain',
  model: 'Language model',
  project: 'Project files',
  placement: 'Placing the text',
  evidence: 'Finding evidence',
  query: 'Choosing what to search',
  ingestion: 'Reading papers',
  generation: 'Writing the turn',
  review: 'Reviewing the turn',
}

/**
 * A stage id in words. An id not in the table is still never shown as an id: its parts
 * become words ("rerank_v2" reads "Rerank v2"), so a new stage degrades to plain text.
 */
export function stageWords(stage: string): string {
  const known = STAGE_WORDS[stage]
  if (known) return known
  const words = stage
    .split(/[._:\-\s]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'A step'
}

/** One fallback as a reader's line: "Planning the search: the model could not plan …". */
export function fallbackWords(fallback: { stage: string; reason: string }): string {
  // Stored runs may lack a reason: the line is then the stage's words alone.
  const reason = typeof fallback.reason === 'string' ? fallback.reason.trim() : ''
  return reason ? `${stageWords(fallback.stage)}: ${reason}` : stageWords(fallback.stage)
}
