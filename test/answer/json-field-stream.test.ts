import { describe, expect, it } from 'vitest'
import { createJsonFieldStream } from '../../workers/answer/json-field-stream'

function feed(chunks: string[]): { pieces: string[]; value: string; complete: boolean } {
  const stream = createJsonFieldStream('answer')
  const pieces = chunks.map((chunk) => stream.push(chunk))
  return { pieces, value: stream.value, complete: stream.isComplete }
}

describe('JSON answer field streaming', () => {
  it('surfaces the answer field as it arrives', () => {
    const { pieces, value, complete } = feed([
      '{"ans',
      'wer": "Hel',
      'lo [1]',
      '", "citations": []}',
    ])
    expect(pieces).toEqual(['', 'Hel', 'lo [1]', ''])
    expect(value).toBe('Hello [1]')
    expect(complete).toBe(true)
  })

  it('decodes escapes, including ones split across chunks', () => {
    const { value } = feed(['{"answer":"a\\', 'nb \\"q\\" \\u00', 'e9 \\\\ end"}'])
    expect(value).toBe('a\nb "q" é \\ end')
  })

  it('finds the field after other fields', () => {
    const { value } = feed(['{"citations":[{"id":1}],', '"answer" : "late"}'])
    expect(value).toBe('late')
  })

  it('yields nothing for text that is not the expected JSON', () => {
    const { value, complete } = feed(['Plain prose answer [1].'])
    expect(value).toBe('')
    expect(complete).toBe(false)
  })
})
