import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseModelJson } from '../../workers/llm'

// The seed 000 reply shape, trimmed: what the writing assistant asks the model for.
const replySchema = z.object({
  message: z.string(),
  document_content: z.string(),
  sources: z.array(z.string()),
  new_types: z.array(z.object({ type_name: z.string() })).default([]),
})

const parse = (text: string) =>
  parseModelJson(text, { schema: replySchema, messageField: 'message' })

const good = {
  message: 'Added a section.',
  document_content: '## Methods',
  sources: ['doi:10.1/x'],
}

describe('parseModelJson', () => {
  it('takes valid JSON strictly', () => {
    const result = parse(JSON.stringify(good))
    expect(result.method).toBe('strict')
    expect(result.value).toEqual({ ...good, new_types: [] })
  })

  it('unwraps a ```json code fence', () => {
    const result = parse('```json\n' + JSON.stringify(good, null, 2) + '\n```')
    expect(result.method).toBe('repaired')
    expect(result.value?.sources).toEqual(['doi:10.1/x'])
  })

  it('ignores prose before and after the object', () => {
    const result = parse(
      `Sure! Here is the update:\n${JSON.stringify(good)}\nLet me know if you need more.`,
    )
    expect(result.method).toBe('repaired')
    expect(result.value?.message).toBe('Added a section.')
  })

  it('escapes raw newlines and tabs inside strings', () => {
    const text =
      '{"message": "Two\nlines", "document_content": "## A\n\n\tindented", "sources": []}'
    const result = parse(text)
    expect(result.method).toBe('repaired')
    expect(result.value?.document_content).toBe('## A\n\n\tindented')
  })

  it('escapes other control characters inside strings', () => {
    const result = parse('{"message": "bell\u0007here", "document_content": "", "sources": []}')
    expect(result.method).toBe('repaired')
    expect(result.value?.message).toBe('bell\u0007here')
  })

  it('removes trailing commas in objects and arrays', () => {
    const result = parse('{"message": "ok", "document_content": "x", "sources": ["a", "b",],}')
    expect(result.method).toBe('repaired')
    expect(result.value?.sources).toEqual(['a', 'b'])
  })

  it('treats smart quotes used as delimiters as plain quotes', () => {
    const result = parse(
      '{\u201Cmessage\u201D: \u201Chello\u201D, "document_content": "", "sources": []}',
    )
    expect(result.method).toBe('repaired')
    expect(result.value?.message).toBe('hello')
  })

  it('escapes quotes the model left unescaped inside a string', () => {
    const result = parse(
      '{"message": "He said "stop" twice", "document_content": "", "sources": []}',
    )
    expect(result.method).toBe('repaired')
    expect(result.value?.message).toBe('He said "stop" twice')
  })

  it('closes a reply truncated inside a string', () => {
    const result = parse('{"message": "Partial", "document_content": "The study fou')
    // sources is missing, so the repaired object fails the schema; extraction fills it empty.
    expect(result.method).toBe('extracted')
    expect(result.value).toEqual({
      message: 'Partial',
      document_content: 'The study fou',
      sources: [],
      new_types: [],
    })
  })

  it('closes truncated arrays and objects and drops a broken tail', () => {
    const schema = z.object({ message: z.string(), sources: z.array(z.string()) })
    const result = parseModelJson('{"message": "m", "sources": ["a", "b", tru', { schema })
    expect(result.method).toBe('repaired')
    expect(result.value).toEqual({ message: 'm', sources: ['a', 'b'] })
  })

  it('keeps braces and brackets that sit inside strings', () => {
    const text =
      'Result: {"message": "use {curly} and [square] } brackets", "document_content": "]", "sources": []} done'
    const result = parse(text)
    expect(result.method).toBe('repaired')
    expect(result.value?.message).toBe('use {curly} and [square] } brackets')
    expect(result.value?.document_content).toBe(']')
  })

  it('skips a stray brace in the prose before the real object', () => {
    const result = parse(`Using {placeholders} as asked: ${JSON.stringify(good)}`)
    expect(result.method).toBe('repaired')
    expect(result.value?.document_content).toBe('## Methods')
  })

  it('inserts a comma the model left out between fields', () => {
    const result = parse('{"message": "a"\n  "document_content": "b" "sources": []}')
    expect(result.method).toBe('repaired')
    expect(result.value).toMatchObject({ message: 'a', document_content: 'b' })
  })

  it('parses an array root', () => {
    const schema = z.array(z.object({ id: z.number() }))
    expect(parseModelJson('[{"id": 1}, {"id": 2}]', { schema })).toMatchObject({ method: 'strict' })
    const fenced = parseModelJson('```\n[{"id": 1}, {"id": 2},]\n```', { schema })
    expect(fenced).toMatchObject({ method: 'repaired', value: [{ id: 1 }, { id: 2 }] })
  })

  it('keeps LaTeX backslashes that are not JSON escapes', () => {
    const result = parse(
      '{"message": "see \\alpha and \\(x\\)", "document_content": "", "sources": []}',
    )
    expect(result.method).toBe('repaired')
    expect(result.value?.message).toBe('see \\alpha and \\(x\\)')
  })

  it('extracts named fields when the object cannot be repaired', () => {
    // A doubled colon where a key should be is beyond jsonrepair (a stray `oops:` is not).
    const text = `{"message": "Here you go", "document_content": "# Title\\nBody" "sources": ["https://a.example", "https://b.example"] :: }`
    const result = parse(text)
    expect(result.method).toBe('extracted')
    expect(result.value).toEqual({
      message: 'Here you go',
      document_content: '# Title\nBody',
      sources: ['https://a.example', 'https://b.example'],
      new_types: [],
    })
  })

  it('uses plain prose as the message field', () => {
    const result = parse('I could not find any sources on that topic.')
    expect(result).toEqual({
      method: 'raw',
      raw: 'I could not find any sources on that topic.',
      value: {
        message: 'I could not find any sources on that topic.',
        document_content: '',
        sources: [],
        new_types: [],
      },
    })
  })

  it('returns null for empty output when no message field is named', () => {
    const result = parseModelJson('', { schema: replySchema })
    expect(result).toEqual({ value: null, method: 'raw', raw: '' })
  })

  it('falls back past valid JSON of the wrong shape', () => {
    const result = parse('{"answer": 42}')
    expect(result.method).toBe('raw')
    expect(result.value?.message).toBe('{"answer": 42}')
  })

  it('returns null when neither JSON nor raw text satisfies the schema', () => {
    const schema = z.object({ score: z.number() })
    expect(parseModelJson('not a number', { schema, messageField: 'score' })).toEqual({
      value: null,
      method: 'raw',
      raw: 'not a number',
    })
  })
})

describe('parseModelJson with jsonrepair behind it', () => {
  const schema = z.object({ message: z.string(), sources: z.array(z.string()) })

  it('quotes unquoted keys and turns single quotes into double quotes', () => {
    const result = parseModelJson("{message: 'hi', sources: ['a']}", { schema })
    expect(result).toMatchObject({ method: 'repaired', value: { message: 'hi', sources: ['a'] } })
  })

  it('repairs Python-style literals inside a fenced reply', () => {
    const flagged = z.object({ message: z.string(), done: z.boolean(), extra: z.null() })
    const text = '```json\n{"message": "ok", "done": True, "extra": None}\n```'
    const result = parseModelJson(text, { schema: flagged })
    expect(result).toMatchObject({ method: 'repaired', value: { done: true, extra: null } })
  })

  it('keeps a complete last value of a truncated array', () => {
    const numbers = z.object({ message: z.string(), scores: z.array(z.number()) })
    const result = parseModelJson('{"message": "m", "scores": [1, 2, 3', { schema: numbers })
    expect(result).toMatchObject({ method: 'repaired', value: { scores: [1, 2, 3] } })
  })
})
