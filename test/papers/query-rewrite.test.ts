// Paper Brain's offline rewrite: titles verbatim in quotes, anything else as its keywords.
import { describe, expect, it } from 'vitest'
import { keywordsOf, looksLikeTitle, rewriteForArxiv } from '../../workers/papers'

describe('rewriteForArxiv', () => {
  it.each([
    'Attention Is All You Need',
    'PaSa: An LLM Agent for Comprehensive Academic Paper Search',
    'Improving detection of influential nodes in complex networks: a survey',
    '"dense passage retrieval for open-domain question answering"',
  ])('searches the title-looking query %s verbatim in the title field, in quotes', (query) => {
    const rewritten = rewriteForArxiv(query)
    expect(rewritten.kind).toBe('title')
    const bare = query.replace(/"/g, '')
    expect(rewritten.arxivQuery).toBe(`ti:"${bare}"`)
  })

  it.each([
    'what are the latest methods for detecting influential nodes in networks?',
    'how do language models cite sources',
    'papers about graph neural networks for molecules',
    'ultra light dark matter',
  ])('turns the question %s into keywords without stop words', (query) => {
    const rewritten = rewriteForArxiv(query)
    expect(rewritten.kind).toBe('keywords')
    expect(rewritten.arxivQuery).not.toMatch(/\b(what|how|the|for|about|do)\b/i)
    expect(rewritten.arxivQuery.split(' ').length).toBeGreaterThan(1)
  })

  it('keeps at most eight distinct keywords in their order', () => {
    const words = keywordsOf(
      'compare retrieval augmented generation retrieval methods for long scientific documents with tables figures equations and citations',
    )
    expect(words.length).toBeLessThanOrEqual(8)
    expect(new Set(words).size).toBe(words.length)
    expect(words[0]).toBe('retrieval')
  })

  it('does not take a lower-case phrase for a title', () => {
    expect(looksLikeTitle('transformers for protein folding')).toBe(false)
  })
})
