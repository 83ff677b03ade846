// Fallback stages in words: every stage id the capabilities record reads as words for people
// (never the id itself, with its dots and underscores), and an id no table knows still does.
import { describe, expect, it } from 'vitest'
import { fallbackOf, fallbackWords, retrievalFallback, stageWords } from '../../workers/grounding'

const RECORDED = [
  retrievalFallback('plan:offline').stage,
  retrievalFallback('vector:failed').stage,
  retrievalFallback('bm25:failed').stage,
  retrievalFallback('feedback:failed').stage,
  retrievalFallback('rerank:lexical').stage,
  fallbackOf('placement:model_failed').stage,
  fallbackOf('model:timeout').stage,
  fallbackOf('evidence:retrieval_failed').stage,
  'search.web',
  'search.academic',
  'search.library',
  'search.arxiv',
  'search.crossref',
  'search.evidence',
  'query_rewrite',
  'rewrite',
  'plan',
  'relevance',
  'synthesize',
  'related_questions',
  'answer',
  'brain',
  'project',
  'query',
]

describe('stageWords', () => {
  it.each(RECORDED)('names the recorded stage %s in words, not as its id', (stage) => {
    const words = stageWords(stage)
    expect(words).not.toBe(stage)
    expect(words).not.toMatch(/[._]/)
    expect(words).toMatch(/^[A-Za-z]/)
  })

  it.each([
    ['rerank_v2', 'Rerank v2'],
    ['retrieval.hyde', 'Retrieval hyde'],
    ['x', 'X'],
    ['', 'A step'],
  ])('turns the unknown id %j into words (%s)', (stage, words) => {
    expect(stageWords(stage)).toBe(words)
  })
})

describe('fallbackWords', () => {
  it('reads the retrieval plan fallback without the internal stage name', () => {
    const line = fallbackWords(retrievalFallback('plan:offline'))
    expect(line).toBe(
      'Planning the search: the model could not plan the search; planned without it',
    )
    expect(line).not.toContain('retrieval.plan')
  })

  it('gives the stage words alone when a stored fallback kept no reason', () => {
    expect(fallbackWords({ stage: 'search.web', reason: ' ' })).toBe('Web search')
  })
})
