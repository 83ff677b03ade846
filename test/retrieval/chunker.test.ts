import { describe, expect, it } from 'vitest'
import { chunkText, CHUNK_PRESETS } from '../../workers/retrieval'
import { countTokens } from '../../workers/llm'

const sentence = (i: number) => `Sentence number ${i} describes a measured effect in the cohort.`
const paragraph = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ')

function words(text: string): Set<string> {
  return new Set(text.split(/\s+/).filter(Boolean))
}

describe('chunkText', () => {
  it('returns no chunks for empty or blank text', () => {
    expect(chunkText('', 'writing')).toEqual([])
    expect(chunkText('   \n\n  ', 'papers')).toEqual([])
  })

  it('keeps a short text whole, trimmed, with its offsets', () => {
    const text = '  A short abstract about protein folding.  '
    const [chunk, ...rest] = chunkText(text, 'writing')
    expect(rest).toHaveLength(0)
    expect(chunk?.text).toBe('A short abstract about protein folding.')
    expect(text.slice(chunk?.start, chunk?.end)).toBe(chunk?.text)
  })

  it('caps writing chunks at 1000 characters', () => {
    const chunks = chunkText(paragraph(0, 80), 'writing')
    expect(chunks.length).toBeGreaterThan(3)
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(1000)
  })

  it('caps papers chunks at 768 tokens and debate chunks at 512 tokens', () => {
    const text = paragraph(0, 400)
    for (const [preset, size] of [
      ['papers', 768],
      ['debate', 512],
    ] as const) {
      const chunks = chunkText(text, preset)
      expect(chunks.length).toBeGreaterThan(1)
      for (const c of chunks) {
        expect(countTokens(c.text)).toBeLessThanOrEqual(size)
        expect(c.tokens).toBe(countTokens(c.text))
      }
    }
  })

  it('never cuts inside a word', () => {
    const text = Array.from({ length: 600 }, (_, i) => `word${i}xyz`).join(' ')
    const vocabulary = words(text)
    for (const c of chunkText(text, 'writing')) {
      for (const w of words(c.text)) expect(vocabulary.has(w)).toBe(true)
    }
  })

  it('ends chunks at a paragraph break when one is in reach', () => {
    const text = `${paragraph(0, 9)}\n\n${paragraph(100, 9)}`
    const [first] = chunkText(text, 'writing')
    expect(first?.text.endsWith(sentence(8))).toBe(true)
  })

  it('ends chunks at a sentence end rather than mid-sentence', () => {
    const chunks = chunkText(paragraph(0, 60), 'writing')
    for (const c of chunks.slice(0, -1)) expect(c.text).toMatch(/cohort\.$/)
  })

  it('does not end a sentence at abbreviations such as "et al."', () => {
    const text = Array.from(
      { length: 40 },
      (_, i) => `Smith et al. Reported result ${i} in mice today.`,
    ).join(' ')
    for (const c of chunkText(text, 'writing').slice(0, -1)) expect(c.text).not.toMatch(/et al\.$/)
  })

  it('starts each chunk with an overlap of at most the preset size taken from the previous one', () => {
    const text = paragraph(0, 80)
    const chunks = chunkText(text, 'writing')
    for (let i = 1; i < chunks.length; i++) {
      const previous = chunks[i - 1]!
      const current = chunks[i]!
      const overlap = previous.end - current.start
      expect(overlap).toBeGreaterThan(0)
      expect(overlap).toBeLessThanOrEqual(CHUNK_PRESETS.writing.overlap)
      expect(text.slice(current.start, previous.end)).toBe(
        previous.text.slice(previous.text.length - overlap),
      )
    }
  })

  it('covers the whole text: every word lands in some chunk', () => {
    const text = `${paragraph(0, 30)}\n\n${paragraph(50, 45)}`
    const covered = new Set(chunkText(text, 'papers').flatMap((c) => [...words(c.text)]))
    for (const w of words(text)) expect(covered.has(w)).toBe(true)
  })

  it('splits a run without spaces longer than a chunk instead of emitting a giant chunk', () => {
    const run = 'x'.repeat(2500)
    const chunks = chunkText(run, 'writing')
    expect(chunks.length).toBeGreaterThanOrEqual(3)
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(1000)
  })

  it('accepts a custom spec', () => {
    const chunks = chunkText(paragraph(0, 10), { unit: 'chars', size: 200, overlap: 0 })
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(200)
    for (let i = 1; i < chunks.length; i++)
      expect(chunks[i]!.start).toBeGreaterThanOrEqual(chunks[i - 1]!.end)
  })
})
