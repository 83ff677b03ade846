// text/plain encoder/decoder, including forged control lines across token boundaries.
import { describe, expect, it } from 'vitest'
import {
  decodeTextPlain,
  encodeTextPlain,
  TextPlainDecoder,
  TextPlainEncoder,
  type TextPlainEvent,
} from '../../workers/stream'
import { seededRandom } from '../fixtures/seeded-random'
import { done, failure, reasoning, replace, status, token } from './builders'

/** The text and control events a client would see for the given encoded body. */
function contentOf(events: TextPlainEvent[]): string {
  return events.map((event) => (event.type === 'text' ? event.text : '')).join('')
}

function controlLines(body: string): string[] {
  return body.split('\n').filter((line) => line.startsWith('[['))
}

describe('text/plain encoder', () => {
  it('streams tokens as-is and ends with a [[DONE]] line carrying the result', () => {
    const body = encodeTextPlain([token('Hello '), token('world'), done({ answer: 'x' })])
    expect(body).toBe('Hello world\n[[DONE]] {"answer":"x"}\n')
  })

  it('puts a status on its own line, breaking the line only when content is mid-line', () => {
    expect(encodeTextPlain([token('abc'), status('Searching')])).toBe('abc\n[[STATUS]] Searching\n')
    expect(encodeTextPlain([token('abc\n'), status('Searching')])).toBe(
      'abc\n[[STATUS]] Searching\n',
    )
    expect(encodeTextPlain([status('First'), token('x')])).toBe('[[STATUS]] First\nx')
  })

  it('keeps a multi-line status message on one control line', () => {
    expect(encodeTextPlain([status('a\nb\r\nc')])).toBe('[[STATUS]] a b c\n')
  })

  it('withdraws streamed text with a [[REPLACE]] line the decoder reads back', () => {
    const body = encodeTextPlain([
      token('Partial ans'),
      replace('the model failed (timeout)'),
      token('Final answer [1].'),
      done({ answer: 'Final answer [1].' }),
    ])
    expect(controlLines(body)).toEqual([
      '[[REPLACE]] {"reason":"the model failed (timeout)"}',
      '[[DONE]] {"answer":"Final answer [1]."}',
    ])
    const events = decodeTextPlain(body)
    expect(events.map((e) => e.type)).toEqual(['text', 'replace', 'text', 'done'])
    expect(events[1]).toEqual({ type: 'replace', reason: 'the model failed (timeout)' })
    // The line break before the next control line is the encoder's, as after any text.
    expect(events[2]).toEqual({ type: 'text', text: 'Final answer [1].\n' })
  })

  it('sends an error packet as an [[ERROR]] line with JSON', () => {
    expect(encodeTextPlain([failure('upstream_failed', 'model down')])).toBe(
      '[[ERROR]] {"code":"upstream_failed","message":"model down"}\n',
    )
  })

  it('folds stopped into the done result', () => {
    expect(encodeTextPlain([done({ text: 'part' }, true)])).toBe(
      '[[DONE]] {"text":"part","stopped":true}\n',
    )
  })

  it('does not carry reasoning or other non-content packets', () => {
    expect(encodeTextPlain([reasoning('thinking'), token('ok')])).toBe('ok')
  })

  it('escapes content that starts a line with [[ so it cannot forge a status', () => {
    const body = encodeTextPlain([token('[[STATUS]] forged\nline2\n[[DONE]] {}'), done({})])
    expect(body).toBe('\\[[STATUS]] forged\nline2\n\\[[DONE]] {}\n[[DONE]] {}\n')
    expect(controlLines(body)).toEqual(['[[DONE]] {}'])
  })

  it('escapes a forged control line split across token boundaries', () => {
    const body = encodeTextPlain([
      token('intro\n'),
      token('['),
      token('[STATUS]] forged'),
      done(null),
    ])
    expect(body).toBe('intro\n\\[[STATUS]] forged\n[[DONE]] null\n')
  })

  it('escapes a control line split one character per token', () => {
    const forged = '[[STATUS]] x'
    const body = encodeTextPlain([...forged].map((ch) => token(ch)))
    expect(body).toBe('\\[[STATUS]] x')
  })

  it('adds exactly one backslash to lines that already start with backslashes and [[', () => {
    expect(encodeTextPlain([token('\\[[STATUS]] a\n\\\\[[x')])).toBe('\\\\[[STATUS]] a\n\\\\\\[[x')
  })

  it('treats a carriage return as a line start too', () => {
    expect(encodeTextPlain([token('a\r[[STATUS]] x')])).toBe('a\r\\[[STATUS]] x')
  })

  it('leaves [[ in the middle of a line and single [ at line start alone', () => {
    expect(encodeTextPlain([token('see [[1]]\n[a] \\b')])).toBe('see [[1]]\n[a] \\b')
  })

  it('releases a held line-start prefix when a status interrupts it', () => {
    const encoder = new TextPlainEncoder()
    expect(encoder.encode(token('['))).toBe('')
    expect(encoder.encode(status('s'))).toBe('[\n[[STATUS]] s\n')
  })
})

describe('text/plain decoder', () => {
  it('round-trips content, statuses, errors and the done result', () => {
    const packets = [
      status('Searching'),
      token('Line one\n'),
      token('[[STATUS]] not a status\n'),
      token('\\[[also content\n'),
      failure('x', 'y'),
      done({ answer: 'a\nb' }),
    ]
    expect(decodeTextPlain(encodeTextPlain(packets))).toEqual([
      { type: 'status', message: 'Searching' },
      { type: 'text', text: 'Line one\n[[STATUS]] not a status\n\\[[also content\n' },
      { type: 'error', error: { code: 'x', message: 'y' } },
      { type: 'done', result: { answer: 'a\nb' } },
    ])
  })

  it('round-trips adversarial content exactly whatever the chunking', () => {
    const content = '[[DONE]] {}\n\\[[\n[[\r[[ERROR]] z\n[x\n\\\\[[STATUS]] y\n[[['
    const body = encodeTextPlain([...content].map((ch) => token(ch)))
    for (const size of [1, 2, 3, 7, body.length]) {
      const decoder = new TextPlainDecoder()
      const events: TextPlainEvent[] = []
      for (let i = 0; i < body.length; i += size)
        events.push(...decoder.push(body.slice(i, i + size)))
      events.push(...decoder.end())
      expect(events.length).toBeGreaterThan(0)
      expect(events.every((event) => event.type === 'text')).toBe(true)
      expect(contentOf(events)).toBe(content)
    }
  })

  it('sees a mid-line status as a line break in the content', () => {
    const events = decodeTextPlain(encodeTextPlain([token('abc'), status('s'), token('def')]))
    expect(events).toEqual([
      { type: 'text', text: 'abc\n' },
      { type: 'status', message: 's' },
      { type: 'text', text: 'def' },
    ])
  })

  it('reads a control line split across chunks', () => {
    const decoder = new TextPlainDecoder()
    expect(decoder.push('hi\n[[STA')).toEqual([{ type: 'text', text: 'hi\n' }])
    expect(decoder.push('TUS]] Work')).toEqual([])
    expect(decoder.push('ing\nmore')).toEqual([
      { type: 'status', message: 'Working' },
      { type: 'text', text: 'more' },
    ])
  })

  it('keeps a malformed done payload as raw text instead of throwing', () => {
    expect(decodeTextPlain('[[DONE]] {oops\n')).toEqual([{ type: 'done', result: '{oops' }])
  })
})

/** Python's `str.splitlines()`: \r\n is one break, and every other break character is one. */
function splitlines(body: string): string[] {
  return body.split(/\r\n|[\n\v\f\r\x1c-\x1e\x85\u2028\u2029]/)
}

describe('text/plain for clients that split lines on every line break', () => {
  const breaks = [
    '\n',
    '\r',
    '\r\n',
    '\v',
    '\f',
    '\x1c',
    '\x1d',
    '\x1e',
    '\x85',
    '\u2028',
    '\u2029',
  ]
  const pieces = [...breaks, '[[DONE]] {}', '[[STATUS]] x', '\\[[', '[', 'text ', 'é', '[[']
  const random = seededRandom(47)
  const contents = Array.from({ length: 300 }, () =>
    Array.from(
      { length: 4 + Math.floor(random() * 12) },
      () => pieces[Math.floor(random() * pieces.length)],
    ).join(''),
  )

  it('shows no control line the server did not send, however the content breaks its lines', () => {
    for (const content of contents) {
      const tokens = [...content].map((ch) => token(ch))
      const body = encodeTextPlain([
        ...tokens,
        status('a\u2028b\x85c'),
        failure('e', 'x\u2029y'),
        done({ t: '\u2028' }),
      ])
      const controls = splitlines(body).filter((line) => line.startsWith('[['))
      expect(controls).toEqual([
        '[[STATUS]] a b c',
        `[[ERROR]] {"code":"e","message":"x\\u2029y"}`,
        `[[DONE]] {"t":"\\u2028"}`,
      ])
      expect(contentOf(decodeTextPlain(encodeTextPlain(tokens)))).toBe(content)
    }
  })

  it('keeps the control lines valid JSON with the same values', () => {
    const body = encodeTextPlain([done({ t: 'a\u2028b\x85c\u2029' })])
    expect(JSON.parse(body.slice('[[DONE]] '.length))).toEqual({ t: 'a\u2028b\x85c\u2029' })
  })
})
