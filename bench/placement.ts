// Deterministic placement on a long document: a ~25,000-word paper (sections of sentences
// from the demo corpus) takes paragraphs with instructions naming a section; each run scans
// the headings, finds the section and merges the paragraph (what approve runs offline). Reports p50 / p95 / max in ms.
import type { CorpusRow } from '../workers/retrieval'
import { mergeDeterministically } from '../workers/writing/placement/fast'
import { percentile } from './stats'

const SECTIONS = [
  'Introduction',
  'Related Work',
  'Methods',
  'Results',
  'Discussion',
  'Limitations',
  'Conclusion',
]
const NAMES = [
  'intro',
  'related work',
  'methodology',
  'findings',
  'discussion',
  'limitations',
  'conclusions',
]

export function longDocument(rows: CorpusRow[], words: number): string {
  const sentences = rows
    .flatMap((r) => r.text.split(/(?<=[.!?])\s+(?=[A-Z])/))
    .filter((s) => s.length > 40)
  const parts: string[] = ['# A long paper']
  let count = 0
  let i = 0
  for (let s = 0; count < words; s += 1) {
    parts.push(
      `## ${SECTIONS[s % SECTIONS.length]}${s >= SECTIONS.length ? ` ${Math.floor(s / SECTIONS.length) + 1}` : ''}`,
    )
    for (let p = 0; p < 12 && count < words; p += 1) {
      const paragraph = sentences.slice(i, i + 4).join(' ')
      i = (i + 4) % Math.max(1, sentences.length - 4)
      count += paragraph.split(/\s+/).length
      parts.push(paragraph)
    }
  }
  return `${parts.join('\n\n')}\n`
}

export function placementBench(rows: CorpusRow[], options: { words: number; runs: number }) {
  const markdown = longDocument(rows, options.words)
  const times: number[] = []
  for (let run = 0; run < options.runs; run += 1) {
    const name = NAMES[run % NAMES.length] as string
    const started = performance.now()
    const merged = mergeDeterministically(markdown, `A new paragraph number ${run}.`, [
      `Add this paragraph to the ${name} section.`,
    ])
    times.push(performance.now() - started)
    if (!merged) throw new Error('placement failed')
  }
  times.sort((a, b) => a - b)
  return {
    words: markdown.split(/\s+/).length,
    runs: options.runs,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: percentile(times, 1),
  }
}
