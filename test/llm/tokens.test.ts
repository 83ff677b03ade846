// Token counting stays linear in its input: long unbroken runs (one repeated letter, CJK
// text, emoji) are cut before BPE, and ordinary text counts exactly as the tokenizer does.
import { countTokens as libraryCount } from 'gpt-tokenizer/encoding/cl100k_base'
import { describe, expect, it } from 'vitest'
import { countTokens, decodeTokens, encodeTokens, MAX_RUN_CHARS } from '../../workers/llm'
import { call, newSession } from '../turn/http-helpers'

/** Generous: on a loaded CI machine the bounded path takes well under a second. */
const BOUND_MS = 10_000

function timed<T>(work: () => T): { value: T; ms: number } {
  const start = Date.now()
  const value = work()
  return { value, ms: Date.now() - start }
}

describe('countTokens', () => {
  it('counts ordinary prose exactly as the tokenizer does', () => {
    const prose =
      'Vitamin D supplementation reduced the risk of hip fractures in elderly women [1]. ' +
      'Über-long compound words like Donaudampfschifffahrtsgesellschaft still count normally.'
    expect(countTokens(prose)).toBe(libraryCount(prose, { disallowedSpecial: new Set() }))
  })

  it('counts a 200,000-character unbroken word in bounded time', () => {
    const { value, ms } = timed(() => countTokens('b'.repeat(200_000)))
    expect(ms).toBeLessThan(BOUND_MS)
    expect(value).toBeGreaterThan(200_000 / MAX_RUN_CHARS)
  })

  it('counts long CJK text without spaces in bounded time', () => {
    const { value, ms } = timed(() => countTokens('漢字'.repeat(50_000)))
    expect(ms).toBeLessThan(BOUND_MS)
    expect(value).toBeGreaterThan(0)
  })

  it('never splits a surrogate pair when cutting a run', () => {
    const emoji = '🧪'.repeat(MAX_RUN_CHARS * 3)
    expect(decodeTokens(encodeTokens(emoji))).toBe(emoji)
  })

  it('round-trips text that mixes long runs and prose', () => {
    const text = `start ${'x'.repeat(1_000)} middle ${'ab'.repeat(700)} end`
    expect(decodeTokens(encodeTokens(text))).toBe(text)
  })
})

describe('POST /api/sessions/:id/files with a pathological text', () => {
  // 200,000 'b's count about 50,000 tokens (runs are cut at MAX_RUN_CHARS), under the default
  // 128k window's per-file half (64,000): the file is kept, and promptly.
  it('keeps a 200,000-character unbroken word, promptly', async () => {
    const session = await newSession()
    const start = Date.now()
    const res = await call(session, '/files', {
      body: { name: 'a.txt', text: 'b'.repeat(200_000), scope: 'message' },
    })
    expect(Date.now() - start).toBeLessThan(BOUND_MS)
    expect(res.status).toBe(201)
    const { file } = await res.json<{ file: { tokens: number } }>()
    expect(file.tokens).toBe(countTokens('b'.repeat(200_000)))
  })
})
