// wordTokens folds text exactly as FTS5's unicode61 tokenizer (remove_diacritics 2) does, over
// every letter, number and mark of the Basic Multilingual Plane: the postings and the query
// side read terms through wordTokens, FTS5 through its own tables, and a term the two fold
// differently ("µg" and "μg", "ſtatin" and "statin") is found by one and not the other.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { wordTokens } from '../../workers/grounding'

const WORDLIKE = /[\p{L}\p{N}\p{M}\p{Co}]/u
/** Each probe is "q<char>q": a mark needs a base, and a separator splits the probe in two. */
const probe = (cp: number) => `q${String.fromCodePoint(cp)}q`
const codePoints: number[] = []
for (let cp = 0x80; cp <= 0xffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue
  if (WORDLIKE.test(String.fromCodePoint(cp))) codePoints.push(cp)
}
/** D1 binds at most 100 values a statement: 50 rows of (rowid, body). */
const ROWS_PER_STATEMENT = 50

describe('wordTokens folds as FTS5 unicode61 remove_diacritics 2', () => {
  const stored = new Map<number, string[]>()

  beforeAll(async () => {
    await env.DB.batch([
      env.DB.prepare('DROP TABLE IF EXISTS fold_probe_vocab'),
      env.DB.prepare('DROP TABLE IF EXISTS fold_probe'),
      env.DB.prepare(
        "CREATE VIRTUAL TABLE fold_probe USING fts5(body, tokenize = 'unicode61 remove_diacritics 2')",
      ),
      env.DB.prepare(
        "CREATE VIRTUAL TABLE fold_probe_vocab USING fts5vocab(fold_probe, 'instance')",
      ),
    ])
    const statements: D1PreparedStatement[] = []
    for (let i = 0; i < codePoints.length; i += ROWS_PER_STATEMENT) {
      const rows = codePoints.slice(i, i + ROWS_PER_STATEMENT)
      const values = rows.map(() => '(?, ?)').join(', ')
      const binds = rows.flatMap((cp) => [cp, probe(cp)])
      statements.push(
        env.DB.prepare(`INSERT INTO fold_probe (rowid, body) VALUES ${values}`).bind(...binds),
      )
    }
    for (let i = 0; i < statements.length; i += 50) await env.DB.batch(statements.slice(i, i + 50))
    const rows = await env.DB.prepare(
      'SELECT term, doc, "offset" AS position FROM fold_probe_vocab ORDER BY doc, position',
    ).all<{ term: string; doc: number; position: number }>()
    for (const row of rows.results) stored.set(row.doc, [...(stored.get(row.doc) ?? []), row.term])
  }, 60_000)

  it('probes tens of thousands of code points', () => {
    expect(codePoints.length).toBeGreaterThan(40_000)
  })

  it('tokenizes and folds every one of them as FTS5 stores it', () => {
    const mismatches = codePoints
      .map((cp) => ({
        cp,
        ours: wordTokens(probe(cp)).join(' '),
        fts5: (stored.get(cp) ?? []).join(' '),
      }))
      .filter((m) => m.ours !== m.fts5)
      .map(
        (m) =>
          `U+${m.cp.toString(16).padStart(4, '0')} ${String.fromCodePoint(m.cp)} ours=${m.ours} fts5=${m.fts5}`,
      )
    expect(mismatches.slice(0, 80)).toEqual([])
    expect(mismatches).toHaveLength(0)
  })
})
