// The one citation-span rule of /v1 (chat annotations and Responses url_citations): each [n]
// marker is annotated with source n over the marker itself, in UTF-16 code units.
import { describe, expect, it } from 'vitest'
import { citationSpans } from '../../workers/answer/citation-spans'
import type { SourceRef } from '../../workers/stream'
import { seededRandom } from '../fixtures/seeded-random'

const source = (number: number, url: string | undefined = `https://example.org/${number}`) =>
  ({ number, title: `Source ${number}`, ...(url ? { url } : {}) }) as SourceRef
const sources = [source(1), source(2), source(3), source(4, '')]

/** [text, the sliced spans with the source numbers they name] */
const table: [string, [string, number][]][] = [
  ['Plain [1].', [['[1]', 1]]],
  [
    'Two in a row [1][2].',
    [
      ['[1]', 1],
      ['[2]', 2],
    ],
  ],
  [
    'One bracket, two sources [1, 3].',
    [
      ['[1, 3]', 1],
      ['[1, 3]', 3],
    ],
  ],
  ['A repeat inside one bracket [2,2].', [['[2,2]', 2]]],
  [
    'Twice in the text [1] and again [1].',
    [
      ['[1]', 1],
      ['[1]', 1],
    ],
  ],
  ['No such source [9].', []],
  ['A source without a link [4].', []],
  ['Not a marker: [a], [ ], [1', []],
  ['Accents é and an emoji 😀 before [3].', [['[3]', 3]]],
  [
    'Multi-line\n\n- item [2]\n- item [1]',
    [
      ['[2]', 2],
      ['[1]', 1],
    ],
  ],
  ['No citations at all.', []],
]

describe('citationSpans', () => {
  it.each(table)('annotates %j', (text, expected) => {
    const spans = citationSpans(text, sources)
    expect(
      spans.map((s) => [text.slice(s.start_index, s.end_index), Number(s.url.split('/').at(-1))]),
    ).toEqual(expected)
    for (const span of spans) expect(span.title).toBe(`Source ${span.url.split('/').at(-1)}`)
  })

  it('spans exactly the markers of generated answers, in order, whatever surrounds them', () => {
    const random = seededRandom(52)
    const words = ['sleep', 'memory', 'é', '😀', '—', '(', ')', '.', '\n', 'x']
    for (let round = 0; round < 200; round += 1) {
      let text = ''
      const cited: number[] = []
      for (let i = 0; i < 12; i += 1) {
        text += `${words[Math.floor(random() * words.length)]} `
        if (random() < 0.3) {
          const n = 1 + Math.floor(random() * 3)
          cited.push(n)
          text += `[${n}]`
        }
      }
      const spans = citationSpans(text, sources)
      expect(spans.map((s) => text.slice(s.start_index, s.end_index))).toEqual(
        cited.map((n) => `[${n}]`),
      )
      expect(spans.map((s) => s.url)).toEqual(cited.map((n) => `https://example.org/${n}`))
    }
  })
})
