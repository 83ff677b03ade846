import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { porterStem, wordTokens } from '../../workers/grounding'
import { stemWords } from '../retrieval/fixtures/stem-words'

// The query side stems in TypeScript; the index side is FTS5's own porter tokenizer (the same
// tokenize spec as migrations/0001_chunks_fts.sql). Every word must come out the same.
describe('porterStem matches FTS5 porter unicode61', () => {
  const stored = new Map<number, string[]>()

  beforeAll(async () => {
    await env.DB.batch([
      env.DB.prepare('DROP TABLE IF EXISTS stem_probe_vocab'),
      env.DB.prepare('DROP TABLE IF EXISTS stem_probe'),
      env.DB.prepare(
        "CREATE VIRTUAL TABLE stem_probe USING fts5(body, tokenize = 'porter unicode61 remove_diacritics 2')",
      ),
      env.DB.prepare(
        "CREATE VIRTUAL TABLE stem_probe_vocab USING fts5vocab(stem_probe, 'instance')",
      ),
    ])
    await env.DB.batch(
      stemWords.map((word, i) =>
        env.DB.prepare('INSERT INTO stem_probe (rowid, body) VALUES (?, ?)').bind(i + 1, word),
      ),
    )
    const rows = await env.DB.prepare(
      'SELECT term, doc, "offset" AS position FROM stem_probe_vocab ORDER BY doc, position',
    ).all<{ term: string; doc: number; position: number }>()
    for (const row of rows.results) {
      stored.set(row.doc - 1, [...(stored.get(row.doc - 1) ?? []), row.term])
    }
  })

  it('has a few hundred varied words to compare', () => {
    expect(stemWords.length).toBeGreaterThan(400)
    expect(stored.size).toBe(stemWords.length)
  })

  it('stems every word of the list as FTS5 stores it', () => {
    const mismatches = stemWords
      .map((word, i) => ({
        word,
        fts5: stored.get(i) ?? [],
        ours: wordTokens(word).map(porterStem),
      }))
      .filter((m) => m.fts5.join(' ') !== m.ours.join(' '))
    expect(mismatches).toEqual([])
  })
})
