import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { toFtsQuery } from '../../workers/retrieval/search/fts-query'

const HOSTILE = [
  '"unbalanced quote',
  'title:secret OR content:*',
  'NEAR(a b, 3) AND NOT c',
  'a AND OR NOT',
  '^start* -minus +plus (paren',
  "Robert'); DROP TABLE chunks;--",
  'émigré naïve Ærø',
  'β-catenin and TNF-α signalling',
  '数据 检索 🚀',
  '{col1 col2}: x',
]

describe('toFtsQuery', () => {
  it('quotes every term and joins them with OR', () => {
    expect(toFtsQuery('Telomerase extends lifespan')).toBe(
      '"telomerase" OR "extends" OR "lifespan"',
    )
  })

  it('drops stop words, unless nothing else is left', () => {
    expect(toFtsQuery('what is the role of p53')).toBe('"role" OR "p53"')
    expect(toFtsQuery('what is it')).toBe('"what" OR "is" OR "it"')
  })

  it('turns operators, column filters and quotes into plain words', () => {
    expect(toFtsQuery('title:secret NEAR("x") *')).toBe('"title" OR "secret" OR "near" OR "x"')
  })

  it('folds case and diacritics like the unicode61 tokenizer', () => {
    expect(toFtsQuery('Émigré NAÏVE')).toBe('"emigre" OR "naive"')
  })

  it('returns null when the text has no searchable term', () => {
    expect(toFtsQuery('')).toBeNull()
    expect(toFtsQuery('!!! --- ???')).toBeNull()
  })

  it('keeps at most 48 distinct terms', () => {
    const text = Array.from({ length: 80 }, (_, i) => `term${i}`).join(' ')
    expect(toFtsQuery(`${text} ${text}`)?.split(' OR ')).toHaveLength(48)
  })

  it.each(HOSTILE)('never raises an FTS5 syntax error: %s', async (input) => {
    const match = toFtsQuery(input)
    expect(match).not.toBeNull()
    const run = env.DB.prepare('SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH ?')
      .bind(match)
      .first()
    await expect(run).resolves.toBeTruthy()
  })
})
